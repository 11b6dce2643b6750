import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { action as contentAction } from "~/routes/admin/content";
import { loader as homeLoader } from "~/routes/marketing/home";
import { loader as meetLoader } from "~/routes/marketing/meet";
import { loader as contactLoader } from "~/routes/marketing/contact";
import { loader as servicesLoader, meta as servicesMeta } from "~/routes/marketing/coaching-services";
import { loader as liftLoader } from "~/routes/offers/learn-to-lift";
import { loader as foundationsLoader } from "~/routes/offers/foundations";
import { loader as rootLoader } from "~/root";
import { homeHero } from "~/content/home";
import { qualifications as installedQualifications } from "~/content/contact";
import { getBlock } from "~/server/site-blocks/blocks.server";
import { contentVersions } from "~/server/db/schema";
import { CONTENT_MESSAGES } from "~/validation/content";
import { SITE_PHOTO_MESSAGES } from "~/validation/content-photos";
import { setupTestDatabase } from "../support/db";
import { answer, formRequest, getRequest, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { openDashboard, signedInMember } from "../support/admin-fixtures";

// The Content tab's other blocks (docs/product.md §10.13): the home page's headline, the meet
// page's words and photo caption, qualifications, the three FAQs (and their FAQPage data), the
// announcement bar and the photos. Each save is live at once; markup is never run; each refusal
// names its field.

const t = setupTestDatabase();
const env = setupAuthEnvironment();

type Failure = { result: { message: string; field: string | null; changed: boolean } | null };

function post(jar: CookieJar, fields: Record<string, string>) {
  return answer<Failure>(() => contentAction(routeArgs(formRequest("/settings/admin/content", fields, { jar }))));
}

function upload(jar: CookieJar, block: string, fields: Record<string, string>, file: { bytes: Uint8Array; name: string; type: string } | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ intent: "save-photo", block, ...fields })) form.append(key, value);
  if (file) form.append("photo", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request(`${TEST_ORIGIN}/settings/admin/content?block=${block}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: jar.header() },
    body: form,
  });
  return answer<Failure>(() => contentAction(routeArgs(request)));
}

async function loaded<T>(run: () => unknown): Promise<T> {
  return (await answer<T>(run)).data;
}

beforeEach(async () => {
  await t.db.delete(contentVersions);
});

describe("the Content tab's text blocks", () => {
  it("the home headline and the line under it: saved, shown, restored from History", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const home = () => loaded<{ hero: { headline: string; intro: string } }>(() => homeLoader());
    expect((await home()).hero).toEqual({ headline: homeHero.title, intro: homeHero.intro });

    const saved = await post(admin.jar, { intent: "save-block", block: "homeHero", expectedVersion: "0", headline: "  Strong at every age  ", intro: "Lifting for women 40+." });
    expect(saved.status).toBe(303);
    expect((await home()).hero).toEqual({ headline: "Strong at every age", intro: "Lifting for women 40+." });
    await post(admin.jar, { intent: "save-block", block: "homeHero", expectedVersion: "1", headline: "A second headline", intro: "Another line." });
    expect((await home()).hero.headline).toBe("A second headline");

    expect((await post(admin.jar, { intent: "restore-version", block: "homeHero", expectedVersion: "2", version: "1" })).status).toBe(303);
    expect((await home()).hero.headline).toBe("Strong at every age");
    const tab = await openDashboard("/settings/admin/content", admin.jar);
    expect(tab.data.content?.blocks.homeHero.history.map((h) => h.version)).toEqual([3, 2, 1]);
  });

  it("refuses bad input next to the field it belongs to, and stores nothing", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const cases: [Record<string, string>, string, string][] = [
      [{ block: "homeHero", headline: "", intro: "Fine." }, "headline", CONTENT_MESSAGES.headlineRequired],
      [{ block: "homeHero", headline: "x".repeat(91), intro: "Fine." }, "headline", CONTENT_MESSAGES.headlineTooLong],
      [{ block: "homeHero", headline: "Fine", intro: "" }, "intro", CONTENT_MESSAGES.introRequired],
      [{ block: "meetPage", bio: "Hello.", story: "", quote: "", caption: "Coach" }, "story", CONTENT_MESSAGES.storyRequired],
      [{ block: "announcement", enabled: "on", text: "", linkLabel: "", linkUrl: "" }, "text", CONTENT_MESSAGES.announcementRequired],
      [{ block: "announcement", enabled: "on", text: "News", linkLabel: "Read", linkUrl: "" }, "linkUrl", CONTENT_MESSAGES.linkPair],
      [{ block: "announcement", enabled: "on", text: "News", linkLabel: "Read", linkUrl: "javascript:alert(1)" }, "linkUrl", CONTENT_MESSAGES.linkAddress],
      [{ block: "announcement", enabled: "on", text: "News", linkLabel: "Read", linkUrl: "//evil.example" }, "linkUrl", CONTENT_MESSAGES.linkAddress],
      [{ block: "announcement", enabled: "on", text: "News", linkLabel: "Read", linkUrl: "http://plain.example" }, "linkUrl", CONTENT_MESSAGES.linkAddress],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await post(admin.jar, { intent: "save-block", expectedVersion: "0", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result, JSON.stringify(fields)).toMatchObject({ field, message });
    }
    const item = await post(admin.jar, { intent: "add-item", block: "faqCoaching", expectedVersion: "0", question: "Why?", answer: "" });
    expect(item.data.result).toMatchObject({ field: "answer", message: CONTENT_MESSAGES.answerRequired });
    // A list's item form never saves a form block, and the other way round.
    expect((await post(admin.jar, { intent: "add-item", block: "homeHero", expectedVersion: "0", headline: "X", intro: "Y" })).status).toBe(400);
    expect((await post(admin.jar, { intent: "save-block", block: "testimonials", expectedVersion: "0" })).status).toBe(400);
    expect(await t.db.select().from(contentVersions)).toHaveLength(0);
  });

  it("FAQ answers: Markdown links shown as links, markup as text, and the FAQPage data follows", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const answerText = 'Yes: read [the course page](/learn-to-lift) and **start small**. <script>alert("x")</script> [bad](javascript:alert(1))';
    expect((await post(admin.jar, { intent: "update-item", block: "faqCoaching", expectedVersion: "0", index: "0", question: "Can I start at 60?", answer: answerText })).status).toBe(303);
    const page = await loaded<{ faq: { question: string; html: string; text: string }[] }>(() => servicesLoader());
    expect(page.faq[0]?.question).toBe("Can I start at 60?");
    expect(page.faq[0]?.html).toContain('<a href="/learn-to-lift">the course page</a>');
    expect(page.faq[0]?.html).toContain("<strong>start small</strong>");
    expect(page.faq[0]?.html).toContain("&lt;script&gt;");
    expect(page.faq[0]?.html).not.toContain("<script");
    expect(page.faq[0]?.html).not.toContain('href="javascript:');

    const root = await loaded<{ site: unknown }>(() => rootLoader(routeArgs(getRequest("/coaching-services"))));
    const tags = servicesMeta({ matches: [{ id: "root", loaderData: root }], loaderData: page } as never) as Record<string, unknown>[];
    const faqPage = tags.map((tag) => tag["script:ld+json"] as { "@type"?: string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[] } | undefined).find((data) => data?.["@type"] === "FAQPage");
    expect(faqPage?.mainEntity?.[0]).toMatchObject({ name: "Can I start at 60?" });
    expect(faqPage?.mainEntity?.[0]?.acceptedAnswer.text).toContain("Yes: read the course page and start small.");

    // The other two FAQs: their installed questions are shown until she saves, then hers.
    const lift = await loaded<{ faq: { question: string }[] }>(() => liftLoader());
    expect(lift.faq.length).toBeGreaterThan(5);
    expect((await post(admin.jar, { intent: "delete-item", block: "faqLearnToLift", expectedVersion: "0", index: "0" })).status).toBe(303);
    expect((await loaded<{ faq: { question: string }[] }>(() => liftLoader())).faq).toHaveLength(lift.faq.length - 1);
    expect((await post(admin.jar, { intent: "add-item", block: "faqFoundations", expectedVersion: "0", question: "Is there a community?", answer: "Yes." })).status).toBe(303);
    expect((await loaded<{ faq: { question: string }[] }>(() => foundationsLoader())).faq.at(-1)?.question).toBe("Is there a community?");
  });

  it("the meet page's words, caption and qualifications; the contact page's qualifications", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    type Meet = { words: { bioHtml: string; storyHtml: string; quote: string; caption: string; qualifications: { title: string }[] } };
    const before = await loaded<Meet>(() => meetLoader());
    expect(before.words.caption).toBeTruthy();
    expect(before.words.qualifications.map((q) => q.title)).toEqual(installedQualifications.items.map((q) => q.title));

    const saved = await post(admin.jar, {
      intent: "save-block",
      block: "meetPage",
      expectedVersion: "0",
      bio: "I coach women over 40.\n\n- strength\n- confidence",
      story: "It began with *one* lift.\n\n<img src=x onerror=alert(1)>",
      quote: "",
      caption: "Menopause strength coach",
    });
    expect(saved.status).toBe(303);
    const after = await loaded<Meet>(() => meetLoader());
    expect(after.words.bioHtml).toContain("<li>strength</li>");
    expect(after.words.storyHtml).toContain("<em>one</em>");
    expect(after.words.storyHtml).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(after.words.storyHtml).not.toContain("<img");
    expect(after.words).toMatchObject({ quote: "", caption: "Menopause strength coach" });

    expect((await post(admin.jar, { intent: "add-item", block: "qualifications", expectedVersion: "0", title: "Pre- and postnatal exercise", detail: "" })).status).toBe(303);
    const contact = await loaded<{ qualifications: { title: string; detail: string }[] }>(() => contactLoader());
    expect(contact.qualifications.at(-1)).toEqual({ title: "Pre- and postnatal exercise", detail: "" });
    expect((await loaded<Meet>(() => meetLoader())).words.qualifications.at(-1)?.title).toBe("Pre- and postnatal exercise");
  });

  it("the announcement bar: off by default, on every page once switched on, off again", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const root = () => loaded<{ announcement: { text: string; linkUrl: string } | null }>(() => rootLoader(routeArgs(getRequest("/"))));
    expect((await root()).announcement).toBeNull();
    const on = await post(admin.jar, { intent: "save-block", block: "announcement", expectedVersion: "0", enabled: "on", text: "New cohort starts in March", linkLabel: "Join", linkUrl: "/learn-to-lift" });
    expect(on.status).toBe(303);
    expect((await root()).announcement).toMatchObject({ text: "New cohort starts in March", linkUrl: "/learn-to-lift" });
    // Unchecked: the browser sends no 'enabled' field at all.
    await post(admin.jar, { intent: "save-block", block: "announcement", expectedVersion: "1", text: "New cohort starts in March", linkLabel: "", linkUrl: "" });
    expect((await root()).announcement).toBeNull();
  });
});

describe("the Content tab's photos", () => {
  async function jpeg(width: number, height: number): Promise<Uint8Array> {
    return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#8d4262" } }).jpeg().toBuffer());
  }

  it("a photo is re-encoded, stored and shown on the meet and home pages; alt defaults to her name", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const saved = await upload(admin.jar, "coachPhoto", { expectedVersion: "0", alt: "" }, { bytes: await jpeg(2000, 1500), name: "me.jpg", type: "image/jpeg" });
    expect(saved.status).toBe(303);
    const value = await getBlock("coachPhoto");
    expect(value?.photo.widths).toEqual([480, 800, 1200, 1600]);
    expect(value?.alt).toBeTruthy();
    const files = await fs.readdir(path.join(env.dataDir, "uploads", value!.photo.base));
    expect(files.sort()).toContain("1600.avif");

    type Photo = { sources: { width: number; height: number; fallback: string; sources: { type: string; srcSet: string }[] }; alt: string } | null;
    const meet = await loaded<{ words: { photo: Photo } }>(() => meetLoader());
    expect(meet.words.photo?.sources.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(meet.words.photo?.sources).toMatchObject({ width: 1600, height: 1200 });
    expect((await loaded<{ coachPhoto: Photo }>(() => homeLoader())).coachPhoto?.alt).toBe(value?.alt);

    // Only the description: the same photo, new words.
    expect((await upload(admin.jar, "coachPhoto", { expectedVersion: "1", alt: "Smiling, holding a kettlebell" }, null)).status).toBe(303);
    expect(await getBlock("coachPhoto")).toMatchObject({ alt: "Smiling, holding a kettlebell", photo: { base: value!.photo.base } });
    // 'Remove photo' (reset): the artwork again.
    expect((await post(admin.jar, { intent: "reset-block", block: "coachPhoto", expectedVersion: "2" })).status).toBe(303);
    expect(await getBlock("coachPhoto")).toBeNull();
  });

  it("a text file, a file dressed as a JPEG and an over-size upload are refused by the photo field; nothing is stored", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const text = await upload(admin.jar, "heroPhoto", { expectedVersion: "0", alt: "" }, { bytes: new TextEncoder().encode("hello"), name: "notes.txt", type: "text/plain" });
    expect(text.status).toBe(400);
    expect(text.data.result).toMatchObject({ field: "photo", message: SITE_PHOTO_MESSAGES.type });
    const html = await upload(admin.jar, "heroPhoto", { expectedVersion: "0", alt: "" }, { bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"), name: "photo.jpg", type: "image/jpeg" });
    expect(html.data.result).toMatchObject({ field: "photo", message: SITE_PHOTO_MESSAGES.type });
    const big = await upload(admin.jar, "heroPhoto", { expectedVersion: "0", alt: "" }, { bytes: new Uint8Array(10 * 1024 * 1024 + 100_000), name: "huge.jpg", type: "image/jpeg" });
    expect(big.status).toBe(413);
    expect(big.data.result).toMatchObject({ field: "photo", message: SITE_PHOTO_MESSAGES.size });
    const none = await upload(admin.jar, "heroPhoto", { expectedVersion: "0", alt: "A view" }, null);
    expect(none.data.result).toMatchObject({ field: "photo", message: SITE_PHOTO_MESSAGES.missing });
    expect(await t.db.select().from(contentVersions)).toHaveLength(0);
    // No file was written for a refused upload.
    const stored = await fs.readdir(path.join(env.dataDir, "uploads", "site-photos")).catch(() => []);
    expect(stored).not.toContain("hero");
  });
});
