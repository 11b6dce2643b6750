import { eq } from "drizzle-orm";
import { getServerEnv, type ServerEnv } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { appSettings } from "~/server/db/schema";
import { JobError } from "~/server/jobs/worker.server";
import { logger } from "~/server/core/logger.server";

// The email-marketing service behind one small interface with two implementations
// (docs/architecture.md §6, "Outside services"): Kit's v4 API when KIT_API_KEY is set, and
// otherwise the "local" provider, which sends nothing: subscribers stay in our own table.
//
// Kit v4 (developers.kit.com/api-reference): the key travels in the X-Kit-Api-Key header; errors
// are JSON `{ "errors": ["…"] }`. The calls used:
//   POST   /subscribers                      { email_address, first_name }  200 updated, 201 created
//   POST   /tags                             { name }                       200 existing, 201 created
//   POST   /tags/{tag_id}/subscribers        { email_address }              200 already, 201 tagged
//   DELETE /tags/{tag_id}/subscribers        { email_address }              204
//   GET    /subscribers?email_address=&status=all
//   POST   /subscribers/{id}/unsubscribe
// Tags are made on first use and their ids remembered in app_settings under 'kit:tag:<name>'
// (docs/decisions/121-kit-tags-and-errors.md).

export const KIT_DEFAULT_API_URL = "https://api.kit.com/v4";
/** A call that takes longer than this is abandoned and retried later. */
export const KIT_TIMEOUT_MS = 15_000;
/** Kit allows 120 requests a minute per API key; a 429 without Retry-After waits this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;
export const KIT_TAG_SETTING_PREFIX = "kit:tag:";

export type EmailMarketingProviderName = "kit" | "local";

export interface EmailMarketingContact {
  email: string;
  firstName: string | null;
}

export interface EmailMarketingProvider {
  readonly name: EmailMarketingProviderName;
  /** Creates or updates the contact, then tags it with each tag (made on first use). */
  subscribe(contact: EmailMarketingContact, tags: string[]): Promise<void>;
  /** Takes a tag off an address, if the address is there. */
  removeTag(email: string, tag: string): Promise<void>;
  /** Unsubscribes an address from all mail, if the address is there. */
  unsubscribe(email: string): Promise<void>;
}

/** A failed Kit call, with whether trying again later can succeed. Thrown out of a job. */
export class KitApiError extends JobError {
  readonly status: number | null;
  constructor(message: string, options: { status: number | null; retryable: boolean; retryAfterMs?: number | null; countAttempt?: boolean }) {
    super(message, options);
    this.name = "KitApiError";
    this.status = options.status;
  }
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The address without the key and never with a secret: for logs and messages. */
function describePath(method: string, path: string): string {
  return `${method} ${path.split("?")[0]}`;
}

interface KitSubscriber {
  id: number;
  email_address: string;
  state?: string;
}

export interface KitClientOptions {
  apiKey: string;
  baseUrl?: string;
  /** Where tag ids are remembered (the job's database). */
  db: Queryable;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class KitClient implements EmailMarketingProvider {
  readonly name = "kit" as const;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: KitClientOptions) {
    this.baseUrl = (options.baseUrl ?? KIT_DEFAULT_API_URL).replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? fetch;
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T | null }> {
    const where = describePath(method, path);
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers: {
          "X-Kit-Api-Key": this.options.apiKey,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? KIT_TIMEOUT_MS),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const reason = timedOut ? "timed out" : `could not connect (${error instanceof Error ? error.message : String(error)})`;
      throw new KitApiError(`Kit ${where} ${reason}`, { status: null, retryable: true });
    }
    const text = await response.text().catch(() => "");
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (response.ok) return { status: response.status, data: data as T | null };

    const errors = (data as { errors?: unknown } | null)?.errors;
    const detail = Array.isArray(errors) && errors.length > 0 ? errors.map(String).join("; ").slice(0, 300) : response.statusText;
    const message = `Kit ${where} answered ${response.status}${detail ? `: ${detail}` : ""}`;
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after")) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
      throw new KitApiError(message, { status: 429, retryable: true, retryAfterMs, countAttempt: false });
    }
    // 408 (timeout) and 5xx may pass; any other 4xx says the request itself is wrong (a refused
    // address, a bad key) and would fail the same way again until someone changes something.
    const retryable = response.status === 408 || response.status >= 500;
    throw new KitApiError(message, { status: response.status, retryable });
  }

  private settingKey(tag: string): string {
    return `${KIT_TAG_SETTING_PREFIX}${tag.toLowerCase()}`;
  }

  private async rememberedTagId(tag: string): Promise<number | null> {
    const [row] = await this.options.db.select().from(appSettings).where(eq(appSettings.key, this.settingKey(tag))).limit(1);
    const id = (row?.value as { id?: unknown } | undefined)?.id;
    return typeof id === "number" ? id : null;
  }

  /** The tag's id: remembered, or made at Kit (which returns the existing one if it has it). */
  async tagId(tag: string, { fresh = false } = {}): Promise<number> {
    if (!fresh) {
      const remembered = await this.rememberedTagId(tag);
      if (remembered !== null) return remembered;
    }
    const { data } = await this.request<{ tag?: { id?: unknown } }>("POST", "/tags", { name: tag });
    const id = data?.tag?.id;
    if (typeof id !== "number") throw new KitApiError("Kit POST /tags answered without a tag id", { status: null, retryable: true });
    const key = this.settingKey(tag);
    await this.options.db
      .insert(appSettings)
      .values({ key, value: { id, name: tag } })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: { id, name: tag }, updatedAt: new Date() } });
    return id;
  }

  /** Runs a call on a tag; if Kit no longer has the remembered tag (404), makes it again once. */
  private async withTag(tag: string, call: (tagId: number) => Promise<void>): Promise<void> {
    try {
      await call(await this.tagId(tag));
    } catch (error) {
      if (!(error instanceof KitApiError) || error.status !== 404) throw error;
      logger.warn("Kit no longer has a remembered tag; making it again", { tag });
      await call(await this.tagId(tag, { fresh: true }));
    }
  }

  async subscribe(contact: EmailMarketingContact, tags: string[]): Promise<void> {
    // Upsert: creates the subscriber, or updates the first name of an existing one. A missing
    // first name is left out, so it never blanks a name Kit already has.
    await this.request("POST", "/subscribers", {
      email_address: contact.email,
      ...(contact.firstName ? { first_name: contact.firstName } : {}),
    });
    for (const tag of tags) {
      await this.withTag(tag, async (tagId) => {
        await this.request("POST", `/tags/${tagId}/subscribers`, { email_address: contact.email });
      });
    }
  }

  async removeTag(email: string, tag: string): Promise<void> {
    const tagId = await this.rememberedTagId(tag);
    // Never made here: then nobody was tagged with it by this site.
    if (tagId === null) return;
    try {
      await this.request("DELETE", `/tags/${tagId}/subscribers`, { email_address: email });
    } catch (error) {
      // The address (or the tag) is not at Kit: nothing to take off.
      if (error instanceof KitApiError && error.status === 404) return;
      throw error;
    }
  }

  async unsubscribe(email: string): Promise<void> {
    const query = new URLSearchParams({ email_address: email, status: "all" });
    const { data } = await this.request<{ subscribers?: KitSubscriber[] }>("GET", `/subscribers?${query}`);
    const found = data?.subscribers?.find((s) => s.email_address.toLowerCase() === email.toLowerCase());
    if (!found || found.state === "cancelled") return;
    try {
      await this.request("POST", `/subscribers/${found.id}/unsubscribe`, {});
    } catch (error) {
      if (error instanceof KitApiError && error.status === 404) return;
      throw error;
    }
  }
}

/** No email-marketing service: nothing is sent, the subscribers stay in our own table. */
export const localEmailMarketingProvider: EmailMarketingProvider = {
  name: "local",
  async subscribe() {},
  async removeTag() {},
  async unsubscribe() {},
};

/** Which provider the environment configures: "kit" when KIT_API_KEY is set. */
export function emailMarketingProviderName(env: Pick<ServerEnv, "KIT_API_KEY"> = getServerEnv()): EmailMarketingProviderName {
  return env.KIT_API_KEY ? "kit" : "local";
}

/** The provider the environment configures, remembering tag ids in `db`. */
export function emailMarketingProvider(db: Queryable, env: Pick<ServerEnv, "KIT_API_KEY" | "KIT_API_URL"> = getServerEnv()): EmailMarketingProvider {
  if (!env.KIT_API_KEY) return localEmailMarketingProvider;
  return new KitClient({ apiKey: env.KIT_API_KEY, baseUrl: env.KIT_API_URL ?? KIT_DEFAULT_API_URL, db });
}
