import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Product } from "~/config/catalogue";
import { loadSiteConfig } from "~/config/env.server";
import { SIGNUP_MARKETING_CONSENT } from "~/content/marketing-consent";
import type { Queryable } from "~/server/db/client.server";
import {
  ADMIN_ROLE,
  accounts,
  loginHistory,
  marketingConsents,
  profiles,
  purchases,
  userRoles,
  users,
  type LoginHistoryEntry,
  type NewPurchase,
  type Profile,
  type Purchase,
  type User,
} from "~/server/db/schema";

// Realistic fake members for tests and the demo seed (docs/architecture.md §6 "Tests": each test
// creates what it needs). Kept in scripts/ so that the seed script imports nothing from tests/. Users are written in Better Auth's own shape, with passwords hashed by Better Auth's
// hashPassword, so a seeded member can really sign in. No faker dependency: a few word lists and a
// small seeded random generator are enough.

// ─── Randomness ─────────────────────────────────────────────────────────────────────────────────

/** mulberry32: a tiny seeded generator, so a seed gives the same demo data every time. */
function createRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = createRandom(Math.floor(Math.random() * 2 ** 32));

/** Makes the factories deterministic from here on (the seed script uses this). */
export function setFactorySeed(seed: number) {
  random = createRandom(seed);
}

const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (probability: number) => random() < probability;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Better Auth's id format: 32 letters and digits. Uses crypto, not the seeded generator. */
export function newUserId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join("");
}

// ─── Word lists ─────────────────────────────────────────────────────────────────────────────────

const FIRST_NAMES = [
  "Sarah", "Claire", "Helen", "Joanne", "Karen", "Lisa", "Emma", "Nicola", "Rachel", "Amanda",
  "Louise", "Julie", "Michelle", "Kerry", "Deborah", "Alison", "Siobhán", "Fiona", "Catherine",
  "Gillian", "Angela", "Tracey", "Samantha", "Victoria", "Rebecca", "Kate", "Lucy", "Priya",
  "Aisha", "Nadia", "Bronwen", "Rhian", "Morag", "Mairéad", "Zoë", "Hannah", "Jane", "Elaine",
] as const;

const LAST_NAMES = [
  "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel",
  "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood",
  "Jackson", "Clarke", "Hughes", "Khan", "O'Connor", "MacDonald", "Campbell", "Ahmed", "Price",
  "Griffiths", "Lloyd", "Morgan", "Begum", "Singh", "Okafor", "Fletcher", "Armstrong-Jones",
] as const;

const LOCATIONS = [
  "London, United Kingdom", "Manchester, United Kingdom", "Birmingham, United Kingdom",
  "Leeds, United Kingdom", "Bristol, United Kingdom", "Glasgow, United Kingdom",
  "Edinburgh, United Kingdom", "Cardiff, United Kingdom", "Belfast, United Kingdom",
  "Norwich, United Kingdom", "Brighton, United Kingdom", "York, United Kingdom",
  "Dublin, Ireland", "Unknown location",
] as const;

/** Documentation address ranges (RFC 5737), never real hosts. */
const IP_PREFIXES = ["192.0.2.", "198.51.100.", "203.0.113."] as const;

// Reserved for examples (RFC 2606): mail to these never reaches anybody.
const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"] as const;

/** Browsers' user-agent strings, for sessions. */
export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
] as const;

// ─── Plain data (no database) ───────────────────────────────────────────────────────────────────

export interface MemberData {
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  signupSource: string;
  createdAt: Date;
}

const usedEmails = new Set<string>();

function emailPart(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

/** A believable address on a reserved example domain, unique within this process. */
export function fakeEmail(firstName: string, lastName: string | null): string {
  const first = emailPart(firstName) || "member";
  const last = lastName ? emailPart(lastName) : "";
  const local = last ? pick([`${first}.${last}`, `${first[0]}${last}`, `${first}${last}`, `${first}_${last[0]}`]) : first;
  const domain = pick(EMAIL_DOMAINS);
  let email = `${local}@${domain}`;
  while (usedEmails.has(email)) email = `${local}${int(1, 9999)}@${domain}`;
  usedEmails.add(email);
  return email;
}

/** A UK mobile number from Ofcom's range reserved for drama (07700 900000–900999). */
export function fakePhone(): string {
  return `07700 900${String(int(0, 999)).padStart(3, "0")}`;
}

export function fakeIpAddress(): string {
  return `${pick(IP_PREFIXES)}${int(1, 254)}`;
}

export function fakeLocation(): string {
  return pick(LOCATIONS);
}

/** Builds a member's details without touching the database. */
export function buildMember(overrides: Partial<MemberData> = {}): MemberData {
  const firstName = overrides.firstName ?? pick(FIRST_NAMES);
  const lastName = overrides.lastName !== undefined ? overrides.lastName : pick(LAST_NAMES);
  const catalogue = catalogueProducts();
  return {
    firstName,
    lastName,
    email: overrides.email ?? fakeEmail(firstName, lastName),
    phone: overrides.phone !== undefined ? overrides.phone : chance(0.6) ? fakePhone() : null,
    // docs/product.md §7.2: 'direct', or the name of the offer whose page the member signed up from.
    signupSource: overrides.signupSource ?? (chance(0.6) ? "direct" : pick(catalogue).name),
    createdAt: overrides.createdAt ?? new Date(Date.now() - int(1, 365) * DAY_MS - int(0, DAY_MS)),
  };
}

// ─── Passwords ──────────────────────────────────────────────────────────────────────────────────

/** Meets the sign-up rules (docs/product.md §11.3): 8+ characters, upper case, lower case and a digit. */
export const DEFAULT_TEST_PASSWORD = "LiftHeavy2025";

const hashCache = new Map<string, Promise<string>>();

/**
 * Better Auth's own scrypt hash of a password. Hashing is deliberately slow, so each distinct
 * password is hashed once per process (every factory user with the default password shares it;
 * the salt is then shared too, which is fine for fake data and never done for real sign-ups).
 */
export function passwordHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

// ─── Catalogue ──────────────────────────────────────────────────────────────────────────────────

/** The products and prices the site is configured with (docs/product.md §5.1), read from the environment. */
export function catalogueProducts(): Product[] {
  return loadSiteConfig().catalogue;
}

export function findProduct(productKey: string): Product {
  const product = catalogueProducts().find((p) => p.productKey === productKey);
  if (!product) throw new Error(`No product ${productKey} in the catalogue`);
  return product;
}

// ─── Database factories ─────────────────────────────────────────────────────────────────────────

export interface CreateUserOptions extends Partial<MemberData> {
  id?: string;
  password?: string;
  emailVerified?: boolean;
  emailNotifications?: boolean;
  termsAccepted?: boolean;
  accountStatus?: string;
  avatarUrl?: string | null;
  /** Also give the user the admin role. */
  admin?: boolean;
}

export interface CreatedUser {
  user: User;
  profile: Profile;
  /** The plain password the user can sign in with. */
  password: string;
}

/**
 * Inserts a user as Better Auth would after sign-up (users row plus a credential account with
 * the hashed password) and the profile the site creates for it.
 */
export async function createUser(db: Queryable, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const member = buildMember(options);
  const id = options.id ?? newUserId();
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const hash = await passwordHash(password);
  const email = member.email.toLowerCase();
  const name = [member.firstName, member.lastName].filter(Boolean).join(" ");

  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id,
        name,
        email,
        emailVerified: options.emailVerified ?? chance(0.8),
        createdAt: member.createdAt,
        updatedAt: member.createdAt,
      })
      .returning();
    await tx.insert(accounts).values({
      id: newUserId(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
      createdAt: member.createdAt,
      updatedAt: member.createdAt,
    });
    const [profile] = await tx
      .insert(profiles)
      .values({
        userId: id,
        firstName: member.firstName,
        lastName: member.lastName,
        email,
        phone: member.phone,
        avatarUrl: options.avatarUrl ?? null,
        emailNotifications: options.emailNotifications ?? chance(0.7),
        accountStatus: options.accountStatus ?? "active",
        termsAccepted: options.termsAccepted ?? true,
        signupSource: member.signupSource,
        initialSignup: member.signupSource,
        createdAt: member.createdAt,
        updatedAt: member.createdAt,
      })
      .returning();
    if (options.admin) await tx.insert(userRoles).values({ userId: id, role: ADMIN_ROLE });
    // A member with the switch on ticked the box at sign-up (docs/decisions/256-marketing-consent-recorded.md).
    if (profile!.emailNotifications) {
      await tx.insert(marketingConsents).values({ userId: id, given: true, wording: SIGNUP_MARKETING_CONSENT, source: "sign-up", createdAt: member.createdAt });
    }
    return { user: user!, profile: profile!, password };
  });
}

export interface LoginHistoryOptions {
  count?: number;
  /** Earliest possible login (default: 60 days ago). */
  since?: Date;
  until?: Date;
}

/** Inserts logins spread at random between `since` and `until`. */
export async function createLoginHistory(
  db: Queryable,
  userId: string,
  { count = int(1, 12), since = new Date(Date.now() - 60 * DAY_MS), until = new Date() }: LoginHistoryOptions = {},
): Promise<LoginHistoryEntry[]> {
  if (count <= 0) return [];
  const span = Math.max(until.getTime() - since.getTime(), 0);
  const rows = Array.from({ length: count }, () => ({
    userId,
    loginAt: new Date(since.getTime() + Math.floor(random() * span)),
    location: fakeLocation(),
    ipAddress: fakeIpAddress(),
  })).sort((a, b) => a.loginAt.getTime() - b.loginAt.getTime());
  return db.insert(loginHistory).values(rows).returning();
}

export interface PurchaseOptions extends Partial<Omit<NewPurchase, "userId">> {
  productKey?: string;
}

/** A fake checkout session id in the provider's shape (cs_test_…). */
export function fakeCheckoutSessionId(): string {
  return `cs_test_${randomBytes(24).toString("base64url")}`;
}

/** Inserts a purchase of a catalogue product at its configured price (or the overrides). */
export async function createPurchase(
  db: Queryable,
  userId: string | null,
  options: PurchaseOptions = {},
): Promise<Purchase> {
  const product = options.productKey ? findProduct(options.productKey) : pick(catalogueProducts());
  const [row] = await db
    .insert(purchases)
    .values({
      userId,
      productKey: product.productKey,
      productName: product.name,
      amountCents: product.pricePence,
      currency: product.currency,
      stripeSessionId: fakeCheckoutSessionId(),
      purchasedAt: new Date(Date.now() - int(0, 90) * DAY_MS - int(0, DAY_MS)),
      ...options,
    })
    .returning();
  return row!;
}

export interface CreateMemberOptions extends CreateUserOptions {
  logins?: number;
  purchases?: number;
}

/** A member with a history: the user and profile, logins since sign-up, and some purchases. */
export async function createMember(
  db: Queryable,
  options: CreateMemberOptions = {},
): Promise<CreatedUser & { logins: LoginHistoryEntry[]; purchases: Purchase[] }> {
  const created = await createUser(db, options);
  const joined = created.user.createdAt;
  const logins = await createLoginHistory(db, created.user.id, {
    count: options.logins ?? int(0, 15),
    since: new Date(Math.max(joined.getTime(), Date.now() - 60 * DAY_MS)),
  });
  const bought: Purchase[] = [];
  const purchaseCount = options.purchases ?? (chance(0.5) ? int(1, 2) : 0);
  for (let i = 0; i < purchaseCount; i++) {
    const purchasedAt = new Date(joined.getTime() + Math.floor(random() * (Date.now() - joined.getTime())));
    bought.push(await createPurchase(db, created.user.id, { purchasedAt }));
  }
  return { ...created, logins, purchases: bought };
}
