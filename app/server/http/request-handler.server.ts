import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { bodyLimitFor, hasNoBody, limitedBodyStream, readLimitedBody } from "./body-limit.server";
import { applyCachePolicy } from "./cache-policy.server";
import { otherSiteRefusal } from "./same-origin.server";
import { OUTAGE_RETRY_AFTER_SECONDS, requestMetOutage } from "./outage.server";
import { parseHostHeader } from "./request-guard.server";
import { createNonce, PDF_POLICY } from "./security-headers.server";

// The bridge from Express to React Router, in place of @react-router/express (decision 142).
// That adapter hands React Router the raw request stream, which an action may read without limit;
// this one reads the body first, within its route's limit (./body-limit.server.ts), answers 413
// when it is too large, and gives React Router only the bytes it read. It also gives each request
// its CSP nonce, and lets a route's own headers replace the defaults set by the security
// middleware (e.g. the uploads route's policy for SVG) instead of repeating them, and sets who may
// keep each answer (./cache-policy.server.ts): every response React Router gives passes here.
// A failure while the database cannot be reached becomes a calm 503 with Retry-After
// (./outage.server.ts).

export type RenderFunction = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
  /** SITE_URL's origin: the URL of an HTTP/1.0 request that names no Host. */
  siteOrigin: () => string;
  /** Whether the database answers now: asked only after a request failed with a 5xx. */
  databaseAnswers?: () => Promise<boolean>;
  /** The page a visitor sees while the database cannot be reached. */
  outagePage?: () => string;
}

/** Past the limit, at most this much more is read (and dropped) so the client sees the 413. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

export function createPageHandler({ build, mode = process.env.NODE_ENV, getLoadContext, siteOrigin, databaseAnswers, outagePage }: PageHandlerOptions) {
  // NOTE: given the build as a function, React Router derives its route tables again on every
  // request (so the dev server can reload); a production build never changes, so there it gets
  // the build itself, resolved once. Measured: about 10 % of a signed-in page's time went there.
  let handle: ReturnType<typeof createRequestHandler> | null =
    typeof build === "function" && mode !== "production" ? createRequestHandler(build, mode) : null;
  const render: RenderFunction = async (request, loadContext) => {
    handle ??= createRequestHandler(typeof build === "function" ? await build() : build, mode);
    return handle(request, loadContext);
  };

  const middleware = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      let body: Uint8Array | ReadableStream<Uint8Array> | null = null;
      let finishBody = () => {};
      if (!hasNoBody(req.method)) {
        const limit = bodyLimitFor(req.path);
        if (limit.streamed) {
          const read = limitedBodyStream(req, limit);
          if (!read.ok) {
            refuse(req, res, read.status, read.message);
            return;
          }
          body = read.body;
          finishBody = read.finish;
        } else {
          const read = await readLimitedBody(req, limit);
          if (!read.ok) {
            refuse(req, res, read.status, read.message);
            return;
          }
          body = read.body && read.body.length > 0 ? new Uint8Array(read.body.buffer as ArrayBuffer, read.body.byteOffset, read.body.byteLength) : null;
        }
      }
      const controller = new AbortController();
      let finished = false;
      res.on("finish", () => (finished = true));
      res.on("close", () => {
        if (!finished) controller.abort();
      });
      const request = new Request(requestUrl(req, siteOrigin), {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        body,
        // A streamed body (./body-limit.server.ts) is read as it arrives.
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
      // A streamed body the route left unread is read and dropped once the answer is on its way.
      res.on("finish", finishBody);
      let response = await render(request, { ...getLoadContext(req), nonce: createNonce() });
      if (response.status === 400 && postedFromAnotherSite(request)) {
        // React Router refused a page's action before it ran (its check of the Origin header):
        // answered as every action refuses another site's form (./form-action.server.ts).
        await response.body?.cancel();
        response = otherSiteRefusal();
      }
      if (response.status >= 500 && (requestMetOutage() || (databaseAnswers && !(await databaseAnswers())))) {
        response = await outageResponse(req, response, outagePage);
      }
      // A copy: a route may hand back a Response whose headers cannot be changed (a fetch's).
      const headers = new Headers(response.headers);
      applyCachePolicy(req.headers, headers);
      await send(res, response, headers);
    } catch (error) {
      next(error);
    }
  };

  return { middleware, render };
}

/** A POST whose Origin header names another site (or `null`): React Router's test, to the letter. */
function postedFromAnotherSite(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/**
 * The answer to a request that failed because the database could not be reached: 503 with
 * Retry-After. A page becomes the calm outage page; a data request (the page's JavaScript) keeps
 * React Router's answer, which shows the page's error boundary.
 */
async function outageResponse(req: ExpressRequest, failed: Response, outagePage: (() => string) | undefined): Promise<Response> {
  const headers = new Headers(failed.headers);
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  const page = /^text\/html\b/i.test(failed.headers.get("content-type") ?? "") && !req.path.endsWith(".data");
  if (!page || !outagePage) return new Response(failed.body, { status: 503, headers });
  await failed.body?.cancel();
  headers.delete("content-length");
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(req.method === "HEAD" ? null : outagePage(), { status: 503, headers });
}

/** A short plain-text refusal; the rest of the body is read and dropped, up to a point. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(message);
}

/**
 * The request's URL: host and port from the Host header (./request-guard.server.ts has already
 * refused one that is empty or malformed), or SITE_URL's when an HTTP/1.0 request names none.
 */
function requestUrl(req: ExpressRequest, siteOrigin: () => string): string {
  const host = req.headers.host === undefined ? null : parseHostHeader(req.headers.host);
  if (!host) {
    const site = new URL(siteOrigin());
    return `${req.protocol}://${site.host}${req.originalUrl}`;
  }
  return `${req.protocol}://${host.hostname}${host.port === null ? "" : `:${host.port}`}${req.originalUrl}`;
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response, headers: Headers) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  const routePolicy = headers.get("content-security-policy");
  if (routePolicy) {
    // A route's own policy (an SVG upload's) replaces the default, but framing stays forbidden.
    if (!/(^|;)\s*frame-ancestors\s/i.test(routePolicy)) res.setHeader("Content-Security-Policy", `${routePolicy}; frame-ancestors 'none'`);
  } else if (/^application\/pdf\b/i.test(headers.get("content-type") ?? "")) {
    res.setHeader("Content-Security-Policy", PDF_POLICY);
  }
  if (response.body) {
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else {
    res.end();
  }
}
