// The reference servers `npm run bench` compares the site with (scripts/bench.js): nginx serving
// the page's bytes as a static file, and a bare Node http server sending them. Each runs as a
// child process with its own temporary folder; nothing of the system's nginx is touched.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./built-site.js";

/** Stops a child process (waiting for it to exit) and removes its temporary folder. */
async function stopAndRemove(child, signal, dir) {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

// ─── nginx ──────────────────────────────────────────────────────────────────────────────────────

export function findNginx() {
  for (const candidate of [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** nginx as a child process, serving `files` ({ name: Buffer }) from a temporary folder. */
export async function startNginx(binary, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const www = path.join(dir, "www");
  fs.mkdirSync(www);
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(www, name), bytes);
  // The workers may run as another user: let them read the folder.
  for (const p of [dir, www, ...Object.keys(files).map((name) => path.join(www, name))]) fs.chmodSync(p, p === dir || p === www ? 0o755 : 0o644);
  const port = await freePort();
  const config = `
worker_processes auto;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  default_type application/octet-stream;
  gzip_static on;
  etag on;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), config);
  const child = spawn(binary, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/index.html`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "";
      throw new Error(`nginx did not start.\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: () => stopAndRemove(child, "SIGQUIT", dir),
  };
}

// ─── Node on its own ─────────────────────────────────────────────────────────────────────────────
// The most one Node process can serve on this machine: a bare http server sending the page's bytes
// with the app's headers and doing nothing else. The cached page can come close to it, never pass it.

const BARE_NODE = `
import fs from "node:fs";
import http from "node:http";
const body = fs.readFileSync(process.env.BARE_BODY);
const headers = JSON.parse(fs.readFileSync(process.env.BARE_HEADERS, "utf8"));
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.env.BARE_PORT), "127.0.0.1", () => console.log("listening"));
`;

export async function startBareNode(body, headers) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-node-"));
  fs.writeFileSync(path.join(dir, "body"), body);
  const flat = [];
  for (const [name, value] of Object.entries(headers)) if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name)) flat.push(name, String(value));
  fs.writeFileSync(path.join(dir, "headers.json"), JSON.stringify(flat));
  const port = await freePort();
  const child = spawn(process.execPath, ["--input-type=module", "-e", BARE_NODE], {
    env: { ...process.env, BARE_BODY: path.join(dir, "body"), BARE_HEADERS: path.join(dir, "headers.json"), BARE_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`The bare Node server exited (code ${code}).`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => stopAndRemove(child, "SIGTERM", dir),
  };
}
