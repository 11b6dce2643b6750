import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the parts of Stripe's API the site uses (docs/architecture.md §1: real integrations are
// tested against a local server that speaks the real protocol). The real Stripe SDK talks to it
// over HTTP (`host`, `port`, `protocol: "http"`). It RECORDS every request, decoded from Stripe's
// form encoding, and CHECKS what it is sent the way Stripe does, answering Stripe's error shape
// (400 invalid_request_error with a message and param) for what Stripe would refuse.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form body (POST) or query (GET/DELETE), nested as Stripe reads it. */
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

type Json = Record<string, unknown>;

export interface StandinFailure {
  status: number;
  type?: string;
  message?: string;
  code?: string;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const newId = (prefix: string, length = 24) =>
  `${prefix}_${Array.from(randomBytes(length), (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
const unix = (date = new Date()) => Math.floor(date.getTime() / 1000);

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeStripeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const keys = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = container[key] as Record<string, unknown>;
    });
  }
  return root;
}

class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

function required(params: Json, name: string): unknown {
  const value = name.split(".").reduce<unknown>((node, key) => (node as Json | undefined)?.[key], params);
  if (value === undefined || value === "") throw new StripeRequestError(400, `Missing required param: ${name}.`, name);
  return value;
}

function absoluteUrl(value: unknown, param: string): string {
  try {
    const url = new URL(String(value));
    if (url.protocol === "http:" || url.protocol === "https:") return String(value);
  } catch {
    // fall through
  }
  throw new StripeRequestError(400, `Not a valid URL`, param, "url_invalid");
}

export interface StripeStandin {
  /** Pass to the Stripe SDK / StripeProvider: host, port and protocol. */
  readonly host: string;
  readonly port: number;
  readonly protocol: "http";
  readonly secretKey: string;
  readonly requests: RecordedRequest[];
  /** The recorded requests to one endpoint, e.g. ("POST", "/v1/checkout/sessions"). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  readonly customers: Map<string, Json>;
  readonly sessions: Map<string, Json>;
  readonly subscriptions: Map<string, Json>;
  /** Payment intents, one per paid session (for a subscription, its first invoice's). */
  readonly paymentIntents: Map<string, Json>;
  /** Every refund made, oldest first. */
  readonly refunds: Json[];
  /** The checkout session a payment intent paid, if any. */
  sessionForPaymentIntent(paymentIntentId: string): string | null;
  /**
   * Stripe's side of paying: marks the session complete and paid (and starts the subscription).
   * Throws for an expired session, which Stripe's page no longer accepts payment for.
   */
  completeSession(id: string): Json;
  /** Makes the next requests to a path fail with the given status (until cleared with null). */
  setFailure(method: string, path: string | RegExp, failure: StandinFailure | null): void;
  /** The next checkout sessions come back without a url (never seen from Stripe; a documented case). */
  omitSessionUrl: boolean;
  reset(): void;
  close(): Promise<void>;
}

export async function startStripeStandin({ secretKey = "sk_test_standin_0123456789" } = {}): Promise<StripeStandin> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoicePayments: Json[] = [];
  const paymentIntents = new Map<string, Json>();
  const refunds: Json[] = [];
  /** Stripe answers a repeated POST with the same Idempotency-Key as it answered the first. */
  const idempotent = new Map<string, { status: number; payload: unknown }>();
  const failures: { method: string; path: string | RegExp; failure: StandinFailure }[] = [];
  let omitSessionUrl = false;

  const matches = (pattern: string | RegExp, path: string) => (typeof pattern === "string" ? pattern === path : pattern.test(path));

  function list(data: Json[], url: string): Json {
    return { object: "list", data, has_more: false, url };
  }

  function createCheckoutSession(p: Json): Json {
    const mode = required(p, "mode");
    if (mode !== "payment" && mode !== "subscription" && mode !== "setup") {
      throw new StripeRequestError(400, `Invalid mode: must be one of payment, setup, or subscription`, "mode");
    }
    const successUrl = absoluteUrl(required(p, "success_url"), "success_url");
    const cancelUrl = p.cancel_url === undefined ? null : absoluteUrl(p.cancel_url, "cancel_url");
    const customer = p.customer as string | undefined;
    if (customer && !customers.has(customer)) {
      throw new StripeRequestError(400, `No such customer: '${customer}'`, "customer", "resource_missing");
    }
    const items = p.line_items as Json[] | undefined;
    if (!Array.isArray(items) || items.length === 0) {
      throw new StripeRequestError(400, "line_items is required in payment and subscription mode.", "line_items");
    }
    let amountTotal = 0;
    let currency: string | null = null;
    items.forEach((item, i) => {
      const priceData = item.price_data as Json | undefined;
      if (!priceData) throw new StripeRequestError(400, "You must specify either `price` or `price_data`.", `line_items[${i}]`);
      const itemCurrency = String(required(priceData, "currency"));
      if (!/^[a-z]{3}$/.test(itemCurrency)) {
        throw new StripeRequestError(400, "Invalid currency", `line_items[${i}][price_data][currency]`);
      }
      const unitAmount = String(required(priceData, "unit_amount"));
      if (!/^\d+$/.test(unitAmount)) {
        throw new StripeRequestError(400, "Invalid integer", `line_items[${i}][price_data][unit_amount]`);
      }
      if (!(priceData.product_data as Json | undefined)?.name && !priceData.product) {
        throw new StripeRequestError(400, "Missing required param: product_data[name].", `line_items[${i}][price_data]`);
      }
      const recurring = priceData.recurring as Json | undefined;
      if (mode === "payment" && recurring) {
        throw new StripeRequestError(
          400,
          "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
          "line_items",
        );
      }
      if (recurring && !["day", "week", "month", "year"].includes(String(recurring.interval))) {
        throw new StripeRequestError(400, "Invalid recurring interval", `line_items[${i}][price_data][recurring][interval]`);
      }
      amountTotal += Number(unitAmount) * Number(item.quantity ?? 1);
      currency = itemCurrency;
    });
    if (mode === "subscription" && !items.some((item) => (item.price_data as Json).recurring)) {
      throw new StripeRequestError(
        400,
        "You must specify at least one recurring price in `subscription` mode when using `line_items`.",
        "line_items",
      );
    }
    if (mode === "subscription" && p.payment_intent_data) {
      throw new StripeRequestError(400, "You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data");
    }
    if (mode === "payment" && p.subscription_data) {
      throw new StripeRequestError(400, "You can not pass `subscription_data` in `payment` mode.", "subscription_data");
    }
    const id = newId("cs_test", 58);
    const session: Json = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: customer ?? null,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      currency,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: omitSessionUrl ? null : `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
      subscription: null,
      invoice: null,
      created: unix(),
      expires_at: unix() + 86_400,
      livemode: false,
      // Kept for completeSession; not part of Stripe's answer shape, but harmless.
      line_items_requested: items,
      subscription_data: p.subscription_data ?? null,
    };
    sessions.set(id, session);
    return session;
  }

  function completeSession(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw new Error(`No session ${id}`);
    if (session.status === "complete") return session;
    if (session.status === "expired") throw new Error(`Checkout session ${id} has expired and can no longer be paid`);
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    if (session.mode === "subscription") {
      const start = new Date();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const subscriptionId = newId("sub", 14);
      const invoiceId = newId("in");
      const paymentIntentId = newId("pi");
      const item = (session.line_items_requested as Json[])[0]!;
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: "subscription",
        customer: session.customer,
        status: "active",
        metadata: (session.subscription_data as Json | null)?.metadata ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        created: unix(start),
        latest_invoice: invoiceId,
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              current_period_start: unix(start),
              current_period_end: unix(end),
              price: { object: "price", ...(item.price_data as Json) },
              quantity: 1,
            },
          ],
          has_more: false,
        },
        livemode: false,
      });
      invoicePayments.push({
        id: newId("inpay"),
        object: "invoice_payment",
        invoice: invoiceId,
        payment: { type: "payment_intent", payment_intent: paymentIntentId },
        status: "paid",
      });
      session.subscription = subscriptionId;
      session.invoice = invoiceId;
      recordPaymentIntent(paymentIntentId, session);
    } else {
      session.payment_intent = newId("pi");
      recordPaymentIntent(session.payment_intent as string, session);
    }
    return session;
  }

  function recordPaymentIntent(id: string, session: Json) {
    paymentIntents.set(id, {
      id,
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      status: "succeeded",
      latest_charge: `ch_${id.slice(3)}`,
      amount_refunded: 0,
      checkout_session: session.id,
      created: unix(),
      livemode: false,
    });
  }

  function expireSession(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw new StripeRequestError(404, `No such checkout.session: '${id}'`, "session", "resource_missing");
    if (session.status !== "open") {
      throw new StripeRequestError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`, "session");
    }
    session.status = "expired";
    session.url = null;
    return session;
  }

  function createRefund(p: Json): Json {
    if (!p.payment_intent && !p.charge) throw new StripeRequestError(400, "One of `charge` or `payment_intent` is required.", "payment_intent");
    if (p.reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(String(p.reason))) {
      throw new StripeRequestError(400, "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
    }
    const intentId = p.payment_intent
      ? String(p.payment_intent)
      : [...paymentIntents.values()].find((pi) => pi.latest_charge === p.charge)?.id;
    const intent = intentId ? paymentIntents.get(String(intentId)) : undefined;
    if (!intent) {
      throw new StripeRequestError(404, `No such payment_intent: '${p.payment_intent ?? p.charge}'`, "payment_intent", "resource_missing");
    }
    const remaining = Number(intent.amount) - Number(intent.amount_refunded);
    if (remaining <= 0) {
      throw new StripeRequestError(400, `Charge ${intent.latest_charge} has already been refunded.`, undefined, "charge_already_refunded");
    }
    const amount = p.amount === undefined ? remaining : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) {
      throw new StripeRequestError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "amount", "amount_too_large");
    }
    intent.amount_refunded = Number(intent.amount_refunded) + amount;
    const refund: Json = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: p.reason ?? null,
      metadata: p.metadata ?? {},
      status: "succeeded",
      created: unix(),
    };
    refunds.push(refund);
    return refund;
  }

  function route(method: string, path: string, p: Json): Json {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Json = {
        id: newId("cus", 14),
        object: "customer",
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        created: unix(),
        livemode: false,
      };
      customers.set(customer.id as string, customer);
      return customer;
    }
    if (method === "GET" && path === "/v1/account") {
      return { id: "acct_standin0123456", object: "account", country: "GB", default_currency: "gbp", charges_enabled: true, details_submitted: true, email: "coach@example.com" };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return createCheckoutSession(p);
    if (method === "POST" && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return expireSession(decodeURIComponent(m[1]!));
    if (method === "POST" && path === "/v1/refunds") return createRefund(p);
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = sessions.get(decodeURIComponent(m[1]!));
      if (!session) throw new StripeRequestError(404, `No such checkout.session: '${m[1]}'`, "session", "resource_missing");
      return session;
    }
    if (method === "GET" && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(m[1]!));
      if (!sub) throw new StripeRequestError(404, `No such subscription: '${m[1]}'`, "id", "resource_missing");
      return sub;
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const status = p.status ?? "active";
      const data = [...subscriptions.values()].filter(
        (s) =>
          (!p.customer || s.customer === p.customer) &&
          (status === "all" ? true : status === "active" ? s.status !== "canceled" : s.status === status),
      );
      return list(data, "/v1/subscriptions");
    }
    if (method === "DELETE" && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(m[1]!));
      if (!sub) throw new StripeRequestError(404, `No such subscription: '${m[1]}'`, "id", "resource_missing");
      if (sub.status === "canceled") {
        throw new StripeRequestError(400, "A canceled subscription can only update its cancellation_details and metadata.");
      }
      sub.status = "canceled";
      sub.canceled_at = unix();
      sub.ended_at = unix();
      return sub;
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = String(required(p, "customer"));
      if (!customers.has(customer)) throw new StripeRequestError(400, `No such customer: '${customer}'`, "customer", "resource_missing");
      const returnUrl = p.return_url === undefined ? null : absoluteUrl(p.return_url, "return_url");
      const id = newId("bps");
      return {
        id,
        object: "billing_portal.session",
        customer,
        return_url: returnUrl,
        url: `https://billing.stripe.com/p/session/${id}`,
        created: unix(),
        livemode: false,
      };
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const payment = p.payment as Json | undefined;
      const data = invoicePayments.filter(
        (ip) =>
          (!p.invoice || ip.invoice === p.invoice) &&
          (!payment?.payment_intent || (ip.payment as Json).payment_intent === payment.payment_intent),
      );
      return list(data, "/v1/invoice_payments");
    }
    throw new StripeRequestError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://standin");
      const method = req.method ?? "GET";
      const body = Buffer.concat(chunks).toString("utf8");
      const params = decodeStripeForm(method === "POST" ? body : url.search.slice(1));
      requests.push({ method, path: url.pathname, params, headers: req.headers });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": newId("req", 14) });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
        return;
      }
      const failure = failures.find((f) => f.method === method && matches(f.path, url.pathname));
      if (failure) {
        send(failure.failure.status, {
          error: {
            type: failure.failure.type ?? "api_error",
            message: failure.failure.message ?? "Something went wrong at the stand-in.",
            code: failure.failure.code,
          },
        });
        return;
      }
      const key = method === "POST" ? req.headers["idempotency-key"] : undefined;
      const seen = typeof key === "string" ? idempotent.get(key) : undefined;
      if (seen) {
        send(seen.status, seen.payload);
        return;
      }
      let answer: { status: number; payload: unknown };
      try {
        answer = { status: 200, payload: route(method, url.pathname, params) };
      } catch (error) {
        answer =
          error instanceof StripeRequestError
            ? { status: error.status, payload: { error: { type: error.type, message: error.message, param: error.param, code: error.code } } }
            : { status: 500, payload: { error: { type: "api_error", message: String(error) } } };
      }
      // Stripe keeps the answer to a key (not a 5xx, which may be retried with it).
      if (typeof key === "string" && answer.status < 500) idempotent.set(key, answer);
      send(answer.status, answer.payload);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    secretKey,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && matches(path, r.path)),
    customers,
    sessions,
    subscriptions,
    paymentIntents,
    refunds,
    sessionForPaymentIntent: (id) => (paymentIntents.get(id)?.checkout_session as string | undefined) ?? null,
    completeSession,
    setFailure(method, path, failure) {
      const i = failures.findIndex((f) => f.method === method && String(f.path) === String(path));
      if (i >= 0) failures.splice(i, 1);
      if (failure) failures.push({ method, path, failure });
    },
    get omitSessionUrl() {
      return omitSessionUrl;
    },
    set omitSessionUrl(value: boolean) {
      omitSessionUrl = value;
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      omitSessionUrl = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
