import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the parts of Kit's v4 API the email-marketing sync uses (docs/architecture.md §1: real
// integrations are tested against a local server that speaks the real protocol). A real HTTP
// server on 127.0.0.1; our Kit client talks to it through KIT_API_URL. It CHECKS what Kit checks
// (the X-Kit-Api-Key header, JSON bodies, paths, required fields, a valid email address) and
// answers Kit's shapes: `{ subscriber }`, `{ tag }`, and errors as `{ errors: ["…"] }`. It
// RECORDS every request, keeps subscribers and tags like Kit does (subscribers by address, tags
// unique by name regardless of case) and can be told to fail the next requests with a status
// (500, 429 with Retry-After, 422…) or to hang until the client gives up.

export interface KitRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

export interface KitStandinSubscriber {
  id: number;
  email_address: string;
  first_name: string | null;
  state: "active" | "cancelled";
  created_at: string;
  tagIds: Set<number>;
}

export interface KitStandinTag {
  id: number;
  name: string;
  created_at: string;
}

export type KitFailure =
  | { status: number; errors?: string[]; retryAfter?: string }
  /** Never answers: the client's timeout must end the request. */
  | { hang: true };

interface PlannedFailure {
  failure: KitFailure;
  remaining: number;
  /** Only requests whose "METHOD /path" matches. */
  match?: RegExp;
}

export interface KitStandin {
  url: string;
  apiKey: string;
  requests: KitRequest[];
  subscribers: Map<string, KitStandinSubscriber>;
  tags: Map<number, KitStandinTag>;
  /** The next `times` matching requests fail this way (then it answers normally again). */
  failNext(failure: KitFailure, times?: number, match?: RegExp): void;
  /** The tag names a subscriber has, sorted. */
  tagsOf(email: string): string[];
  /** Requests that changed something at Kit (POST/DELETE), as "METHOD /path". */
  writes(): string[];
  reset(): void;
  close(): Promise<void>;
}

class KitError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join("; "));
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

export async function startKitStandin({ apiKey = "kit_test_standin_key_0123456789" }: { apiKey?: string } = {}): Promise<KitStandin> {
  const requests: KitRequest[] = [];
  const subscribers = new Map<string, KitStandinSubscriber>();
  const tags = new Map<number, KitStandinTag>();
  const planned: PlannedFailure[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextId = 1000;

  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  const subscriberJson = (s: KitStandinSubscriber) => ({
    id: s.id,
    first_name: s.first_name,
    email_address: s.email_address,
    state: s.state,
    created_at: s.created_at,
    fields: {},
  });
  const tagJson = (t: KitStandinTag) => ({ id: t.id, name: t.name, created_at: t.created_at });

  function objectBody(body: unknown): Record<string, unknown> {
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new KitError(422, ["Request body must be a JSON object"]);
    return body as Record<string, unknown>;
  }

  function tagFrom(path: string): KitStandinTag {
    const id = Number(/^\/v4\/tags\/(\d+)\//.exec(path)?.[1]);
    const tag = tags.get(id);
    if (!tag) throw new KitError(404, ["Not Found"]);
    return tag;
  }

  function subscriberByEmail(value: unknown): KitStandinSubscriber {
    if (typeof value !== "string" || value === "") throw new KitError(422, ["Email address is required"]);
    const found = subscribers.get(value.toLowerCase());
    if (!found) throw new KitError(404, ["Not Found"]);
    return found;
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): { status: number; json?: unknown } {
    if (method === "POST" && path === "/v4/subscribers") {
      const input = objectBody(body);
      const email = input.email_address;
      if (typeof email !== "string" || !EMAIL.test(email)) throw new KitError(422, ["Email address is invalid"]);
      if (input.first_name !== undefined && input.first_name !== null && typeof input.first_name !== "string") {
        throw new KitError(422, ["First name is invalid"]);
      }
      const existing = subscribers.get(email.toLowerCase());
      if (existing) {
        if (typeof input.first_name === "string") existing.first_name = input.first_name;
        return { status: 200, json: { subscriber: subscriberJson(existing) } };
      }
      const created: KitStandinSubscriber = {
        id: nextId++,
        email_address: email,
        first_name: typeof input.first_name === "string" ? input.first_name : null,
        state: "active",
        created_at: now(),
        tagIds: new Set(),
      };
      subscribers.set(email.toLowerCase(), created);
      return { status: 201, json: { subscriber: subscriberJson(created) } };
    }
    if (method === "GET" && path === "/v4/subscribers") {
      const wanted = (query.email_address ?? "").split(",").filter(Boolean).map((e) => e.toLowerCase());
      const status = query.status ?? "active";
      const list = [...subscribers.values()]
        .filter((s) => wanted.length === 0 || wanted.includes(s.email_address.toLowerCase()))
        .filter((s) => status === "all" || s.state === status);
      return {
        status: 200,
        json: { subscribers: list.map(subscriberJson), pagination: { has_previous_page: false, has_next_page: false, start_cursor: null, end_cursor: null, per_page: 500 } },
      };
    }
    const unsubscribe = /^\/v4\/subscribers\/(\d+)\/unsubscribe$/.exec(path);
    if (method === "POST" && unsubscribe) {
      const found = [...subscribers.values()].find((s) => s.id === Number(unsubscribe[1]));
      if (!found) throw new KitError(404, ["Not Found"]);
      found.state = "cancelled";
      return { status: 204 };
    }
    if (method === "GET" && path === "/v4/account") {
      return { status: 200, json: { user: { email: "coach@example.com" }, account: { id: 1, name: "Stand-in account", plan_type: "creator", primary_email_address: "coach@example.com" } } };
    }
    if (method === "GET" && path === "/v4/tags") {
      return { status: 200, json: { tags: [...tags.values()].map(tagJson), pagination: { has_previous_page: false, has_next_page: false, per_page: 500 } } };
    }
    if (method === "POST" && path === "/v4/tags") {
      const input = objectBody(body);
      const name = typeof input.name === "string" ? input.name.trim() : "";
      if (!name) throw new KitError(422, ["Name can't be blank"]);
      const existing = [...tags.values()].find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (existing) return { status: 200, json: { tag: tagJson(existing) } };
      const tag = { id: nextId++, name, created_at: now() };
      tags.set(tag.id, tag);
      return { status: 201, json: { tag: tagJson(tag) } };
    }
    if (/^\/v4\/tags\/\d+\/subscribers$/.test(path) && (method === "POST" || method === "DELETE")) {
      const tag = tagFrom(path);
      const subscriber = subscriberByEmail(objectBody(body).email_address);
      if (method === "DELETE") {
        subscriber.tagIds.delete(tag.id);
        return { status: 204 };
      }
      const already = subscriber.tagIds.has(tag.id);
      subscriber.tagIds.add(tag.id);
      return { status: already ? 200 : 201, json: { subscriber: { ...subscriberJson(subscriber), tagged_at: now() } } };
    }
    throw new KitError(404, ["Not Found"]);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const method = req.method ?? "GET";
    let body: unknown = undefined;
    const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, json === undefined ? headers : { "Content-Type": "application/json; charset=utf-8", ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    try {
      if (raw) {
        if (!(req.headers["content-type"] ?? "").startsWith("application/json")) throw new KitError(415, ["Content-Type must be application/json"]);
        try {
          body = JSON.parse(raw);
        } catch {
          throw new KitError(400, ["The request body is not valid JSON"]);
        }
      }
      requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers });
      if (req.headers["x-kit-api-key"] !== apiKey) throw new KitError(401, ["The access token is invalid"]);

      const key = `${method} ${url.pathname}`;
      const plan = planned.find((p) => p.remaining > 0 && (!p.match || p.match.test(key)));
      if (plan) {
        plan.remaining -= 1;
        if ("hang" in plan.failure) {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
        const { status, errors = status >= 500 ? ["Internal server error"] : ["Request failed"], retryAfter } = plan.failure;
        send(status, { errors }, retryAfter ? { "Retry-After": retryAfter } : {});
        return;
      }
      const answer = route(method, url.pathname, Object.fromEntries(url.searchParams), body);
      send(answer.status, answer.json);
    } catch (error) {
      if (error instanceof KitError) send(error.status, { errors: error.errors });
      else send(500, { errors: [String(error)] });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v4`,
    apiKey,
    requests,
    subscribers,
    tags,
    failNext(failure, times = 1, match) {
      planned.push({ failure, remaining: times, match });
    },
    tagsOf(email) {
      const subscriber = subscribers.get(email.toLowerCase());
      if (!subscriber) return [];
      return [...subscriber.tagIds].map((id) => tags.get(id)!.name).sort();
    },
    writes() {
      return requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
    },
    reset() {
      requests.length = 0;
      subscribers.clear();
      tags.clear();
      planned.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
