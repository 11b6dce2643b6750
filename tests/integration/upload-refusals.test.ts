import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as contentAction } from "~/routes/admin/content";
import { action as videoAction } from "~/routes/admin/course-video";
import { action as videoUploadAction } from "~/routes/admin/course-video-upload";
import { action as coursesAction } from "~/routes/admin/courses";
import { action as memberFilesAction } from "~/routes/admin/member-files";
import { action as settingsAction } from "~/routes/account/settings";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { OTHER_SITE_MESSAGE } from "~/server/http/same-origin.server";
import { signedInMember } from "../support/admin-fixtures";
import { answer, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { ensureBuild, makeTempDir } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_LONG_MS, INTEGRATION_SLOW_MS, INTEGRATION_WHOLE_SCRIPT_MS } from "../support/budgets";

// Uploads refused before their body is read (docs/security.md, "Authorization" and "Request body
// limits"). Every route that takes a file, including the two that read the body themselves as it
// arrives (a lesson's video), refuses another site's form, and `Origin: null` (a sandboxed page or
// a redirect chain), with 403 before it reads a byte. And on the built server, an upload refused
// before it is read (a visitor's video) is read for at most 16 MB more, then the connection closes.

const MB = 1024 * 1024;

const t = setupTestDatabase();
setupAuthEnvironment();

beforeAll(async () => {
  await installDemoCourses(t.db);
});

type Action = (args: never) => unknown;

/** The routes that take a file, each with the address its form posts to. */
const UPLOAD_ROUTES: [string, Action][] = [
  ["/settings/admin/courses/video", videoAction as Action],
  ["/settings/admin/courses/video-upload", videoUploadAction as Action],
  ["/settings/admin/courses", coursesAction as Action],
  ["/settings/admin/member-files", memberFilesAction as Action],
  ["/settings/admin/content?block=coachPhoto", contentAction as Action],
  ["/settings", settingsAction as Action],
];

/** A multipart upload whose body records whether anyone read it. */
function uploadFrom(pathname: string, jar: CookieJar, origin: string) {
  const read = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read.pulled = true;
        controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--x--\r\n'));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "content-type": "multipart/form-data; boundary=x", cookie: jar.header(), origin });
  const request = new Request(`${TEST_ORIGIN}${pathname}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { request, read };
}

describe("an upload from another site", () => {
  it("is refused with 403 before its body is read, on every route that takes a file", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    for (const [pathname, action] of UPLOAD_ROUTES) {
      for (const origin of ["https://evil.example", "null"]) {
        const { request, read } = uploadFrom(pathname, admin.jar, origin);
        const refused = await answer(() => action(routeArgs(request)));
        expect(refused.status, `${pathname} from ${origin}`).toBe(403);
        expect(refused.data, `${pathname} from ${origin}`).toBe(OTHER_SITE_MESSAGE);
        expect(read.pulled, `${pathname} from ${origin}: the body was read`).toBe(false);
      }
    }
  });
});

describe("a refused upload on the built server", () => {
  const temp = makeTempDir("sc-refusals-");
  let site: TestSite | undefined;

  beforeAll(async () => {
    const problem = await ensureBuild();
    if (problem) throw new Error(problem);
    // A start of the built server may take a while on a busy machine.
    site = await startTestSite(temp.dir, {}, INTEGRATION_SLOW_MS);
  }, INTEGRATION_WHOLE_SCRIPT_MS);

  afterAll(async () => {
    await site?.stop();
    temp.cleanup();
  });

  it("a visitor's 600 MB video is answered (302) and read for at most 16 MB more before the connection closes", async () => {
    const declared = 600 * MB;
    const chunk = Buffer.alloc(MB, 0x2a);
    const { port } = new URL(site!.origin);
    // A raw connection that sends its whole body whatever the answer (Node's own client would stop
    // at the answer): how much does the server take before it closes the connection?
    const outcome = await new Promise<{ head: string; sent: number }>((resolve) => {
      const socket = net.connect(Number(port), "127.0.0.1");
      let head = "";
      let sent = 0;
      const finish = () => resolve({ head, sent });
      socket.on("data", (bytes) => (head += bytes.toString("latin1")));
      socket.on("error", finish);
      socket.on("close", finish);
      socket.write(
        `POST /settings/admin/courses/video HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${site!.origin}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      const pump = () => {
        while (sent < declared && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) {
            socket.once("drain", pump);
            return;
          }
        }
        // All sent: the connection is closed from this side too.
        if (!socket.destroyed) socket.end();
      };
      pump();
    });
    expect(outcome.head).toMatch(/^HTTP\/1\.1 302 /);
    // 16 MB read and dropped, plus what the two sockets' buffers hold: not the 600 MB.
    expect(outcome.sent).toBeLessThan(48 * MB);
  }, INTEGRATION_LONG_MS);
});
