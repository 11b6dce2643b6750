import type { IncomingMessage, ServerResponse } from "node:http";
import net from "node:net";

// The first check every request meets, before the page cache, static files or React Router
// (docs/security.md, "Robustness"). The site only ever uses GET, HEAD and POST: any other method
// gets 405 with an Allow header (TRACE included, so nothing of a request is ever echoed back),
// OPTIONS gets 204 with Allow and no cross-origin permission. A Host header that is present but
// empty or not a host name gets 400: the request's URL is built from it, and React Router cannot
// route a URL without a host. An HTTP/1.0 request may leave Host out altogether; it is answered
// on the site's own address (SITE_URL).

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

export interface GuardAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const plain = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

const LABEL = /^(?!-)[A-Za-z0-9_-]{1,63}$/;

/** A Host header's host and port, or null when it is not `name[:port]`, `IPv4[:port]` or `[IPv6][:port]`. */
export function parseHostHeader(value: string): { hostname: string; port: number | null } | null {
  const match = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return null;
  const [, host = "", portText] = match;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  if (host.startsWith("[")) {
    const address = host.slice(1, -1);
    return net.isIPv6(address) ? { hostname: host.toLowerCase(), port } : null;
  }
  const name = host.endsWith(".") ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return null;
  if (!name.split(".").every((label) => LABEL.test(label))) return null;
  return { hostname: name.toLowerCase(), port };
}

// A site is asked for under a handful of Host headers: each good one is parsed once.
const goodHosts = new Set<string>();
const GOOD_HOSTS_MEMO = 32;

function readableHost(host: string): boolean {
  if (goodHosts.has(host)) return true;
  if (parseHostHeader(host) === null) return false;
  if (goodHosts.size >= GOOD_HOSTS_MEMO) goodHosts.clear();
  goodHosts.add(host);
  return true;
}

/** The answer for a request the site refuses outright, or null to let it through. */
export function guardRequest(req: Pick<IncomingMessage, "method" | "headers">): GuardAnswer | null {
  const method = req.method ?? "";
  if (method === "OPTIONS") return { status: 204, headers: { Allow: ALLOW_HEADER, "Cache-Control": "no-store" }, body: "" };
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    // Node's parser only lets known method names through, so naming it echoes nothing of the visitor's.
    return {
      status: 405,
      headers: { ...plain, Allow: ALLOW_HEADER },
      body: `This address does not accept ${/^[A-Z-]{1,20}$/.test(method) ? method : "such"} requests. The site answers GET, HEAD and POST.\n`,
    };
  }
  const host = req.headers.host;
  if (host !== undefined && !readableHost(host)) {
    return { status: 400, headers: plain, body: "Bad request: the Host header is empty or is not a host name.\n" };
  }
  return null;
}

/** Sends a guard answer with the given base headers (the security headers every response carries). */
export function sendGuardAnswer(req: IncomingMessage, res: ServerResponse, answer: GuardAnswer, baseHeaders: Record<string, string>) {
  // A refused request's body is never read: the connection closes after the answer.
  const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
  res.writeHead(answer.status, {
    ...baseHeaders,
    ...answer.headers,
    "Content-Length": String(Buffer.byteLength(answer.body)),
    ...(hasBody ? { Connection: "close" } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

/** The answer to CONNECT, written straight to the socket (Node hands CONNECT to a 'connect' listener, not to the app). */
export function connectRefusal(): string {
  const body = "This site is not a proxy: CONNECT is not accepted.\n";
  return (
    "HTTP/1.1 405 Method Not Allowed\r\n" +
    `Allow: ${ALLOW_HEADER}\r\n` +
    "Content-Type: text/plain; charset=utf-8\r\n" +
    "Cache-Control: no-store\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Connection: close\r\n\r\n" +
    body
  );
}
