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
const randomString = (length: number, alphabet = ALPHABET) =>
  Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join("");
const newId = (prefix: string, length = 24) => `${prefix}_${randomString(length)}`;
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

/** Stripe reads an empty string as "not given" (it is how the SDK unsets a value), so both count as absent. */
const given = (value: unknown) => value !== undefined && value !== "";

/** A positive integer as the form encoding carries it ("3"), or Stripe's 400 naming the param. */
function positiveInteger(value: unknown, param: string): number {
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new StripeRequestError(400, `Invalid integer: ${text}`, param);
  if (Number(text) < 1) throw new StripeRequestError(400, "This value must be greater than or equal to 1.", param);
  return Number(text);
}

/** A boolean as the SDK encodes it ("true"/"false"); anything else is refused, as Stripe does. */
function booleanParam(value: unknown, param: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new StripeRequestError(400, `Invalid boolean: ${String(value)}`, param);
}

/**
 * Metadata as Stripe keeps it on an update: keys are merged into what is there, a key sent empty is
 * removed, and `metadata=""` clears the lot. (On create the same rules start from nothing.)
 */
function mergeMetadata(current: unknown, update: unknown): Json {
  if (update === undefined) return (current as Json | undefined) ?? {};
  if (update === "") return {};
  if (typeof update !== "object" || update === null || Array.isArray(update)) {
    throw new StripeRequestError(400, "Invalid object", "metadata");
  }
  const merged: Json = { ...((current as Json | undefined) ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
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
  /** Coupons by id (Stripe's own 8-character ids, or the id the caller chose). */
  readonly coupons: Map<string, Json>;
  /** Promotion codes by id (promo_…); each holds its coupon object, which counts its redemptions too. */
  readonly promotionCodes: Map<string, Json>;
  /** The discounts (di_…) made when a subscription-mode session with a coupon or promotion code is paid. */
  readonly discounts: Map<string, Json>;
  /** Subscription schedules (sub_sched_…), as made from a subscription and then set. */
  readonly schedules: Map<string, Json>;
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
  const coupons = new Map<string, Json>();
  const promotionCodes = new Map<string, Json>();
  const discounts = new Map<string, Json>();
  const schedules = new Map<string, Json>();
  /** Stripe answers a repeated POST with the same Idempotency-Key as it answered the first. */
  const idempotent = new Map<string, { status: number; payload: unknown }>();
  const failures: { method: string; path: string | RegExp; failure: StandinFailure }[] = [];
  let omitSessionUrl = false;

  const matches = (pattern: string | RegExp, path: string) => (typeof pattern === "string" ? pattern === path : pattern.test(path));

  function list(data: Json[], url: string): Json {
    return { object: "list", data, has_more: false, url };
  }

  function createCoupon(p: Json): Json {
    const percentGiven = given(p.percent_off);
    const amountGiven = given(p.amount_off);
    if (percentGiven && amountGiven) {
      throw new StripeRequestError(400, "You may only specify one of these parameters: amount_off, percent_off.", "amount_off");
    }
    if (!percentGiven && !amountGiven) {
      throw new StripeRequestError(400, "You must pass either percent_off or amount_off.", "percent_off");
    }
    let percentOff: number | null = null;
    let amountOff: number | null = null;
    let currency: string | null = null;
    if (percentGiven) {
      // A decimal (Stripe takes 12.5 as well as 25), above nothing and at most the whole price.
      const text = String(p.percent_off);
      if (!/^\d+(\.\d+)?$/.test(text)) throw new StripeRequestError(400, `Invalid decimal: ${text}`, "percent_off");
      percentOff = Number(text);
      if (percentOff <= 0 || percentOff > 100) {
        throw new StripeRequestError(400, "percent_off must be greater than 0 and less than or equal to 100.", "percent_off");
      }
    } else {
      // In the currency's minor unit (pence), so an amount coupon means nothing without its currency.
      amountOff = positiveInteger(p.amount_off, "amount_off");
      if (!given(p.currency)) throw new StripeRequestError(400, "You must pass currency when passing amount_off.", "currency");
      currency = String(p.currency).toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw new StripeRequestError(400, "Invalid currency", "currency");
    }
    // The SDK's types and Stripe's reference have `duration` optional, defaulting to once: a stand-in
    // that demanded it would refuse a call Stripe accepts.
    const duration = given(p.duration) ? String(p.duration) : "once";
    if (!["once", "repeating", "forever"].includes(duration)) {
      throw new StripeRequestError(400, "Invalid duration: must be one of forever, once, or repeating", "duration");
    }
    let durationInMonths: number | null = null;
    if (duration === "repeating") {
      if (!given(p.duration_in_months)) throw new StripeRequestError(400, "Missing required param: duration_in_months.", "duration_in_months");
      durationInMonths = positiveInteger(p.duration_in_months, "duration_in_months");
    } else if (given(p.duration_in_months)) {
      throw new StripeRequestError(400, "You may only specify duration_in_months when duration is `repeating`.", "duration_in_months");
    }
    if (given(p.name) && String(p.name).length > 40) {
      throw new StripeRequestError(400, "Invalid string: must be at most 40 characters", "name");
    }
    let id: string;
    if (given(p.id)) {
      id = String(p.id);
      if (coupons.has(id)) throw new StripeRequestError(400, "Coupon already exists.", "id", "resource_already_exists");
    } else {
      // Stripe's own coupon ids are short bare random strings, with no prefix like other objects'.
      do id = randomString(8);
      while (coupons.has(id));
    }
    const coupon: Json = {
      id,
      object: "coupon",
      percent_off: percentOff,
      amount_off: amountOff,
      currency,
      duration,
      duration_in_months: durationInMonths,
      name: given(p.name) ? String(p.name) : null,
      metadata: mergeMetadata({}, p.metadata),
      // Not taken here (the site has its own limits), but always in Stripe's answer.
      max_redemptions: null,
      redeem_by: null,
      valid: true,
      times_redeemed: 0,
      created: unix(),
      livemode: false,
    };
    coupons.set(id, coupon);
    return coupon;
  }

  function getCoupon(id: string): Json {
    const coupon = coupons.get(id);
    if (!coupon) throw new StripeRequestError(404, `No such coupon: '${id}'`, "id", "resource_missing");
    return coupon;
  }

  /** Codes are unique among ACTIVE promotion codes regardless of case, so an inactive one frees its code. */
  function refuseActiveCodeClash(code: string, exceptId?: string) {
    const clash = [...promotionCodes.values()].find(
      (promo) => promo.active === true && promo.id !== exceptId && String(promo.code).toLowerCase() === code.toLowerCase(),
    );
    if (clash) {
      throw new StripeRequestError(400, `An active promotion code with \`code: ${code}\` already exists.`, "code", "resource_already_exists");
    }
  }

  function createPromotionCode(p: Json): Json {
    // Stripe's current API names the coupon as `promotion[type]=coupon&promotion[coupon]=…`; API
    // versions before 2025 took `coupon=…`. Both are accepted, so the site may pin either version.
    let couponId: string;
    let couponParam: string;
    if (given(p.promotion) && given(p.coupon)) {
      throw new StripeRequestError(400, "You may only specify one of these parameters: coupon, promotion.", "promotion");
    }
    if (given(p.promotion)) {
      const promotion = p.promotion as Json;
      if (typeof promotion !== "object") throw new StripeRequestError(400, "Invalid object", "promotion");
      if (!given(promotion.type)) throw new StripeRequestError(400, "Missing required param: promotion[type].", "promotion[type]");
      if (promotion.type !== "coupon") throw new StripeRequestError(400, "Invalid promotion[type]: must be one of coupon", "promotion[type]");
      if (!given(promotion.coupon)) throw new StripeRequestError(400, "Missing required param: promotion[coupon].", "promotion[coupon]");
      couponId = String(promotion.coupon);
      couponParam = "promotion[coupon]";
    } else if (given(p.coupon)) {
      couponId = String(p.coupon);
      couponParam = "coupon";
    } else {
      throw new StripeRequestError(400, "Missing required param: promotion.", "promotion");
    }
    const coupon = coupons.get(couponId);
    if (!coupon) throw new StripeRequestError(400, `No such coupon: '${couponId}'`, couponParam, "resource_missing");
    let code: string;
    if (given(p.code)) {
      // Kept exactly as given: Stripe changes no case, it only compares without it.
      code = String(p.code);
      if (!/^[A-Za-z0-9-]+$/.test(code) || code.length > 500) {
        throw new StripeRequestError(400, "Invalid code: may only contain letters (a-z, A-Z), digits (0-9) and dashes, at most 500 characters", "code");
      }
    } else {
      do code = randomString(8, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
      while ([...promotionCodes.values()].some((promo) => String(promo.code).toLowerCase() === code.toLowerCase()));
    }
    const active = given(p.active) ? booleanParam(p.active, "active") : true;
    if (active) refuseActiveCodeClash(code);
    const maxRedemptions = given(p.max_redemptions) ? positiveInteger(p.max_redemptions, "max_redemptions") : null;
    let expiresAt: number | null = null;
    if (given(p.expires_at)) {
      const text = String(p.expires_at);
      if (!/^\d+$/.test(text)) throw new StripeRequestError(400, `Invalid timestamp: ${text}`, "expires_at");
      expiresAt = Number(text);
      if (expiresAt <= unix()) throw new StripeRequestError(400, "The expires_at time must be in the future.", "expires_at");
    }
    const id = newId("promo");
    const promo: Json = {
      id,
      object: "promotion_code",
      code,
      active,
      // The older API's shape (the whole coupon, the same object as in `coupons`, so its count of
      // redemptions shows here too) and the current one's (`promotion`), for either SDK pin.
      coupon,
      promotion: { type: "coupon", coupon: couponId },
      customer: null,
      max_redemptions: maxRedemptions,
      expires_at: expiresAt,
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
      metadata: mergeMetadata({}, p.metadata),
      created: unix(),
      livemode: false,
    };
    promotionCodes.set(id, promo);
    return promo;
  }

  function getPromotionCode(id: string): Json {
    const promo = promotionCodes.get(id);
    if (!promo) throw new StripeRequestError(404, `No such promotion code: '${id}'`, "id", "resource_missing");
    return promo;
  }

  function updatePromotionCode(id: string, p: Json): Json {
    const promo = getPromotionCode(id);
    if (given(p.active)) {
      const active = booleanParam(p.active, "active");
      // Turning one back on while another active code has the same code is refused, as at creation.
      if (active && promo.active !== true) refuseActiveCodeClash(String(promo.code), id);
      promo.active = active;
    }
    if (p.metadata !== undefined) promo.metadata = mergeMetadata(promo.metadata, p.metadata);
    return promo;
  }

  /**
   * The discount a new checkout session asks for, checked as Stripe checks it: one at most, not with
   * allow_promotion_codes, a coupon or promotion code that exists, and a promotion code that can still
   * be redeemed (active, not expired, under its limit). Redemptions are only counted when the session
   * is paid (completeSession), as at Stripe, so open sessions do not use a code up.
   */
  function sessionDiscount(p: Json, subtotal: number, currency: string | null): { amount: number; applied: Json[] } {
    if (!given(p.discounts)) return { amount: 0, applied: [] };
    if (!Array.isArray(p.discounts)) throw new StripeRequestError(400, "Invalid array", "discounts");
    if (given(p.allow_promotion_codes)) {
      throw new StripeRequestError(400, "You may only specify one of these parameters: allow_promotion_codes, discounts.", "allow_promotion_codes");
    }
    if (p.discounts.length > 1) {
      throw new StripeRequestError(400, "You may only specify one discount: Checkout Sessions accept a single coupon or promotion code.", "discounts");
    }
    const requested = p.discounts[0] as Json;
    if (given(requested.coupon) && given(requested.promotion_code)) {
      throw new StripeRequestError(400, "You may only specify one of these parameters: coupon, promotion_code.", "discounts[0]");
    }
    let coupon: Json | undefined;
    let promo: Json | undefined;
    let param: string;
    if (given(requested.promotion_code)) {
      param = "discounts[0][promotion_code]";
      const promoId = String(requested.promotion_code);
      promo = promotionCodes.get(promoId);
      if (!promo) throw new StripeRequestError(400, `No such promotion code: '${promoId}'`, param, "resource_missing");
      if (promo.active !== true) throw new StripeRequestError(400, `The promotion code '${promo.code}' is inactive and cannot be redeemed.`, param);
      if (promo.expires_at !== null && unix() >= Number(promo.expires_at)) {
        throw new StripeRequestError(400, `The promotion code '${promo.code}' has expired and cannot be redeemed.`, param);
      }
      if (promo.max_redemptions !== null && Number(promo.times_redeemed) >= Number(promo.max_redemptions)) {
        throw new StripeRequestError(
          400,
          `The promotion code '${promo.code}' has been redeemed its maximum number of times (${promo.max_redemptions}) and cannot be redeemed again.`,
          param,
        );
      }
      coupon = promo.coupon as Json;
    } else if (given(requested.coupon)) {
      param = "discounts[0][coupon]";
      coupon = coupons.get(String(requested.coupon));
      if (!coupon) throw new StripeRequestError(400, `No such coupon: '${requested.coupon}'`, param, "resource_missing");
    } else {
      throw new StripeRequestError(400, "You must specify either coupon or promotion_code.", "discounts[0]");
    }
    let amount: number;
    if (coupon.percent_off !== null) {
      amount = Math.round((subtotal * Number(coupon.percent_off)) / 100);
    } else {
      // An amount in another currency cannot be taken off this session's prices.
      if (coupon.currency !== currency) {
        throw new StripeRequestError(
          400,
          `The coupon '${coupon.id}' is in ${String(coupon.currency)}, and cannot be applied to a Checkout Session in ${String(currency)}.`,
          param,
        );
      }
      amount = Math.min(Number(coupon.amount_off), subtotal);
    }
    return { amount, applied: [{ coupon: coupon.id, promotion_code: promo?.id ?? null }] };
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
    const discount = sessionDiscount(p, amountTotal, currency);
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
      amount_total: amountTotal - discount.amount,
      currency,
      total_details: { amount_discount: discount.amount, amount_shipping: 0, amount_tax: 0 },
      discounts: discount.applied,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: omitSessionUrl ? null : `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
      subscription: null,
      invoice: null,
      created: unix(),
      // Stripe accepts a session lifetime from 30 minutes to 24 hours; 24 hours by default.
      expires_at: p.expires_at === undefined ? unix() + 86_400 : Number(p.expires_at),
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
    // A coupon or promotion code is redeemed when the session is paid, not when it is opened.
    const applied = (session.discounts as Json[])[0];
    if (applied) {
      const coupon = coupons.get(String(applied.coupon));
      if (coupon) coupon.times_redeemed = Number(coupon.times_redeemed) + 1;
      const promo = applied.promotion_code ? promotionCodes.get(String(applied.promotion_code)) : undefined;
      if (promo) promo.times_redeemed = Number(promo.times_redeemed) + 1;
    }
    if (session.mode === "subscription") {
      const start = new Date();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const subscriptionId = newId("sub", 14);
      const invoiceId = newId("in");
      const paymentIntentId = newId("pi");
      const item = (session.line_items_requested as Json[])[0]!;
      // The subscription keeps the discount (Stripe's discount object, by id as Stripe lists it) and so
      // its later invoices with it. How long it lasts is the coupon's duration: `once` only the first
      // invoice (this session's, already discounted), `repeating` until `end`, `forever` with no end.
      let discountId: string | null = null;
      if (applied) {
        const coupon = coupons.get(String(applied.coupon));
        let discountEnd: number | null = null;
        if (coupon?.duration === "repeating") {
          const until = new Date(start);
          until.setUTCMonth(until.getUTCMonth() + Number(coupon.duration_in_months));
          discountEnd = unix(until);
        }
        discountId = newId("di");
        discounts.set(discountId, {
          id: discountId,
          object: "discount",
          checkout_session: session.id,
          customer: session.customer,
          start: unix(start),
          end: discountEnd,
          invoice: null,
          invoice_item: null,
          promotion_code: applied.promotion_code,
          source: { type: "coupon", coupon: applied.coupon },
          subscription: subscriptionId,
          subscription_item: null,
        });
      }
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
        schedule: null,
        latest_invoice: invoiceId,
        discounts: discountId ? [discountId] : [],
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              current_period_start: unix(start),
              current_period_end: unix(end),
              // Stripe makes a Price (and, from product_data, a Product) for inline price_data.
              price: {
                id: newId("price"),
                object: "price",
                product: newId("prod", 14),
                currency: (item.price_data as Json).currency,
                unit_amount: Number((item.price_data as Json).unit_amount),
                recurring: (item.price_data as Json).recurring,
                product_data: (item.price_data as Json).product_data,
              },
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

  /**
   * POST /v1/subscription_schedules with from_subscription: a schedule whose one phase is the
   * subscription's current period and price, released at its end (Stripe's default) until set.
   * Stripe refuses phases, customer or start_date beside from_subscription, a subscription that is
   * not there or has ended, and one already on a schedule.
   */
  function createSchedule(p: Json): Json {
    if (!given(p.from_subscription)) throw new StripeRequestError(400, "This stand-in only makes schedules from a subscription: pass from_subscription.", "from_subscription");
    for (const param of ["phases", "customer", "start_date", "end_behavior"]) {
      if (given(p[param])) throw new StripeRequestError(400, `You cannot set \`${param}\` if \`from_subscription\` is set.`, param);
    }
    const subId = String(p.from_subscription);
    const sub = subscriptions.get(subId);
    if (!sub) throw new StripeRequestError(400, `No such subscription: '${subId}'`, "from_subscription", "resource_missing");
    if (sub.status === "canceled") throw new StripeRequestError(400, `You cannot migrate a canceled subscription (${subId}) to a schedule.`, "from_subscription");
    if (sub.schedule) throw new StripeRequestError(400, `The subscription ${subId} is already attached to a schedule (${String(sub.schedule)}).`, "from_subscription");
    const item = ((sub.items as Json).data as Json[])[0]!;
    const price = item.price as Json;
    const id = newId("sub_sched");
    const schedule: Json = {
      id,
      object: "subscription_schedule",
      customer: sub.customer,
      subscription: subId,
      status: "active",
      end_behavior: "release",
      current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
      phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: price.id, quantity: 1 }] }],
      metadata: {},
      created: unix(),
      livemode: false,
    };
    schedules.set(id, schedule);
    sub.schedule = id;
    return schedule;
  }

  /** A phase's length: `duration` (interval and count) or `end_date`, never both; `iterations` no longer exists. */
  function phaseLength(phase: Json, i: number, start: number): number {
    if (given(phase.iterations)) throw new StripeRequestError(400, `Received unknown parameter: phases[${i}][iterations]`, `phases[${i}][iterations]`);
    if (given(phase.duration) && given(phase.end_date)) {
      throw new StripeRequestError(400, "You may only specify one of these parameters: duration, end_date.", `phases[${i}][duration]`);
    }
    if (given(phase.end_date)) return Number(phase.end_date);
    if (!given(phase.duration)) throw new StripeRequestError(400, `Missing required param: phases[${i}][duration] or phases[${i}][end_date].`, `phases[${i}]`);
    const duration = phase.duration as Json;
    const interval = String(duration.interval ?? "");
    if (!["day", "week", "month", "year"].includes(interval)) throw new StripeRequestError(400, "Invalid duration interval", `phases[${i}][duration][interval]`);
    const count = given(duration.interval_count) ? positiveInteger(duration.interval_count, `phases[${i}][duration][interval_count]`) : 1;
    const end = new Date(start * 1000);
    if (interval === "month" || interval === "year") {
      // As Stripe bills: the same day of the month, or the month's last day when it has no such day.
      const day = end.getUTCDate();
      end.setUTCDate(1);
      end.setUTCMonth(end.getUTCMonth() + (interval === "month" ? count : 12 * count));
      const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
      end.setUTCDate(Math.min(day, last));
    } else end.setUTCDate(end.getUTCDate() + count * (interval === "week" ? 7 : 1));
    return unix(end);
  }

  /**
   * POST /v1/subscription_schedules/:id: end_behavior and phases, checked as Stripe checks them:
   * the current phase keeps its start date; each phase has items with a price or price_data (which
   * names its product by id and is recurring) and a length; phases follow one another.
   */
  function updateSchedule(id: string, p: Json): Json {
    const schedule = schedules.get(id);
    if (!schedule) throw new StripeRequestError(404, `No such subscription schedule: '${id}'`, "schedule", "resource_missing");
    if (schedule.status !== "active" && schedule.status !== "not_started") {
      throw new StripeRequestError(400, `You cannot update a subscription schedule that is ${String(schedule.status)}.`);
    }
    if (given(p.end_behavior)) {
      if (!["release", "cancel"].includes(String(p.end_behavior))) throw new StripeRequestError(400, "Invalid end_behavior: must be one of release or cancel", "end_behavior");
      schedule.end_behavior = p.end_behavior;
    }
    if (given(p.phases)) {
      if (!Array.isArray(p.phases) || p.phases.length === 0) throw new StripeRequestError(400, "Invalid array", "phases");
      const currentStart = Number((schedule.current_phase as Json).start_date);
      let start = currentStart;
      const phases = (p.phases as Json[]).map((phase, i) => {
        if (i === 0 && given(phase.start_date) && Number(phase.start_date) !== currentStart) {
          throw new StripeRequestError(400, "You can not modify the start date of the current phase.", "phases[0][start_date]");
        }
        if (i > 0 && given(phase.start_date) && Number(phase.start_date) !== start) {
          throw new StripeRequestError(400, "A phase's start_date must be the previous phase's end_date.", `phases[${i}][start_date]`);
        }
        const items = phase.items as Json[] | undefined;
        if (!Array.isArray(items) || items.length === 0) throw new StripeRequestError(400, `Missing required param: phases[${i}][items].`, `phases[${i}][items]`);
        items.forEach((item, j) => {
          const param = `phases[${i}][items][${j}]`;
          if (given(item.price) === given(item.price_data)) throw new StripeRequestError(400, "You must specify exactly one of `price` or `price_data`.", param);
          if (given(item.price_data)) {
            const data = item.price_data as Json;
            if (given(data.product_data)) throw new StripeRequestError(400, `Received unknown parameter: ${param}[price_data][product_data]`, `${param}[price_data][product_data]`);
            required(data, "currency");
            required(data, "product");
            if (!/^\d+$/.test(String(required(data, "unit_amount")))) throw new StripeRequestError(400, "Invalid integer", `${param}[price_data][unit_amount]`);
            if (!given((data.recurring as Json | undefined)?.interval)) throw new StripeRequestError(400, `Missing required param: ${param}[price_data][recurring].`, `${param}[price_data][recurring]`);
          }
        });
        const end = phaseLength(phase, i, start);
        const stored = { start_date: start, end_date: end, items };
        start = end;
        return stored;
      });
      schedule.phases = phases;
      schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
    }
    if (p.metadata !== undefined) schedule.metadata = mergeMetadata(schedule.metadata, p.metadata);
    return schedule;
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
    if (method === "POST" && path === "/v1/subscription_schedules") return createSchedule(p);
    if (method === "POST" && (m = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path))) return updateSchedule(decodeURIComponent(m[1]!), p);
    if (method === "GET" && (m = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path))) {
      const schedule = schedules.get(decodeURIComponent(m[1]!));
      if (!schedule) throw new StripeRequestError(404, `No such subscription schedule: '${m[1]}'`, "schedule", "resource_missing");
      return schedule;
    }
    if (method === "POST" && path === "/v1/coupons") return createCoupon(p);
    if (method === "GET" && (m = /^\/v1\/coupons\/([^/]+)$/.exec(path))) return getCoupon(decodeURIComponent(m[1]!));
    if (method === "POST" && path === "/v1/promotion_codes") return createPromotionCode(p);
    if (method === "POST" && (m = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path))) return updatePromotionCode(decodeURIComponent(m[1]!), p);
    if (method === "GET" && (m = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path))) return getPromotionCode(decodeURIComponent(m[1]!));
    if (method === "GET" && path === "/v1/promotion_codes") {
      // Stripe's filters: `code` compared without case (as codes are unique), `active` as "true"/"false".
      const active = given(p.active) ? booleanParam(p.active, "active") : undefined;
      const data = [...promotionCodes.values()].filter(
        (promo) =>
          (!given(p.code) || String(promo.code).toLowerCase() === String(p.code).toLowerCase()) &&
          (active === undefined || promo.active === active) &&
          (!given(p.coupon) || (promo.promotion as Json).coupon === p.coupon),
      );
      return list(data, "/v1/promotion_codes");
    }
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
    if (method === "POST" && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      // Updating a subscription: the site sets cancel_at_period_end (the coach's 'Cancel at period end').
      const sub = subscriptions.get(decodeURIComponent(m[1]!));
      if (!sub) throw new StripeRequestError(404, `No such subscription: '${m[1]}'`, "id", "resource_missing");
      if (sub.status === "canceled") {
        throw new StripeRequestError(400, "A canceled subscription can only update its cancellation_details and metadata.");
      }
      if (p.cancel_at_period_end !== undefined) {
        if (!["true", "false"].includes(String(p.cancel_at_period_end))) throw new StripeRequestError(400, "Invalid boolean", "cancel_at_period_end");
        sub.cancel_at_period_end = p.cancel_at_period_end === "true";
        sub.canceled_at = sub.cancel_at_period_end ? unix() : null;
      }
      if (p.pause_collection !== undefined) {
        // '' clears the pause; otherwise behavior (keep_as_draft | mark_uncollectible | void) and resumes_at.
        const pause = p.pause_collection as Json | string;
        if (pause === "") sub.pause_collection = null;
        else {
          const behavior = String((pause as Json).behavior ?? "");
          if (!["keep_as_draft", "mark_uncollectible", "void"].includes(behavior)) throw new StripeRequestError(400, "Invalid pause_collection[behavior]", "pause_collection[behavior]");
          const resumesAt = (pause as Json).resumes_at;
          if (resumesAt !== undefined && (!/^\d+$/.test(String(resumesAt)) || Number(resumesAt) <= unix())) {
            throw new StripeRequestError(400, "resumes_at must be in the future", "pause_collection[resumes_at]");
          }
          sub.pause_collection = { behavior, resumes_at: resumesAt === undefined ? null : Number(resumesAt) };
        }
      }
      return sub;
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
    coupons,
    promotionCodes,
    discounts,
    schedules,
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
