import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig, reloadConfig } from "~/config/env.server";
import { CALENDAR_FILE, EXERCISES, PLAN, renderCalendarPdf } from "./calendar.server";
import { DOWNLOAD_FILES, getDownload, resetDownloads } from "./downloads.server";
import { GUIDE_FILE, guideSections, renderGuidePdf } from "./guide.server";
import { A4_LANDSCAPE, A4_PORTRAIT, type PdfSite } from "./layout.server";
import { extractPdfPlainText, extractPdfText } from "./pdf-text.server";

// docs/product.md §4.10: the two free PDFs, checked the way a reader meets them: they open, have the
// expected pages at A4, carry their metadata, say what they should, and name the coach from the
// configuration.

function siteFor(env: Record<string, string>, siteUrl = "https://strongwithjo.co.uk"): PdfSite {
  return { ...loadSiteConfig(env), siteUrl };
}

const jo = siteFor({});
let calendar: Uint8Array;
let guide: Uint8Array;

beforeAll(async () => {
  [calendar, guide] = await Promise.all([renderCalendarPdf(jo), renderGuidePdf(jo)]);
});

function language(doc: PDFDocument) {
  return doc.catalog.lookupMaybe(PDFName.of("Lang"), PDFString)?.decodeText();
}

function linkTargets(doc: PDFDocument): string[] {
  return doc.getPages().flatMap((page) => {
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    if (!annots) return [];
    return annots.asArray().map((ref) => {
      const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
      return action.lookup(PDFName.of("URI"), PDFString).decodeText();
    });
  });
}

function expectA4(doc: PDFDocument, [width, height]: [number, number]) {
  for (const page of doc.getPages()) {
    expect(page.getWidth()).toBeCloseTo(width, 1);
    expect(page.getHeight()).toBeCloseTo(height, 1);
  }
}

describe("the 28-day workout calendar", () => {
  it("is a four-page A4 landscape PDF with its metadata", async () => {
    const doc = await PDFDocument.load(calendar, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(4);
    expectA4(doc, A4_LANDSCAPE);
    expect(doc.getTitle()).toBe("Your 28-Day Strength Calendar | Strong with Jo");
    expect(doc.getAuthor()).toBe("Jo");
    expect(doc.getSubject()).toMatch(/28-day beginner strength/);
    expect(doc.getCreator()).toBe("Strong with Jo");
    expect(language(doc)).toBe("en-GB");
  });

  it("shows four weeks of seven days, each with a session, and numbers its pages", async () => {
    const pages = await extractPdfPlainText(calendar);
    const [grid, sessions, exercises, safety] = pages as [string, string, string, string];
    expect(grid).toContain("Your 28-Day Strength Calendar");
    for (let day = 1; day <= 28; day++) expect(grid).toContain(`Day ${day} `);
    for (const week of ["Week 1 Learn the moves", "Week 2 Build confidence", "Week 3 Add a little load", "Week 4 Own it"]) {
      expect(grid).toContain(week);
    }
    expect(grid).toContain("Strength sessions take under 25 minutes, warm-up included.");
    expect(sessions).toContain("Your sessions, week by week");
    expect(sessions).toContain("Strength A");
    expect(sessions).toContain("Strength B");
    expect(sessions).toContain("Mobility routine");
    expect(exercises).toContain("The exercises explained");
    for (const exercise of EXERCISES) expect(exercises).toContain(exercise.name);
    for (const text of [
      "Warm up every time",
      "Good form",
      "Breathe out on the effort",
      "Stop at once and get medical help",
      "Call 999",
      "Check with your GP before you start",
      "pelvic health physiotherapist",
    ]) {
      expect(safety).toContain(text);
    }
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of 4`));
  });

  it("plans two or three strength sessions a week, never on consecutive days, with a rest day each week", () => {
    const days = PLAN.flatMap((week) => week.days);
    expect(PLAN).toHaveLength(4);
    expect(days).toHaveLength(28);
    for (const week of PLAN) {
      const strength = week.days.filter((d) => d.kind === "strength").length;
      expect(strength).toBeGreaterThanOrEqual(2);
      expect(strength).toBeLessThanOrEqual(3);
      expect(week.days.some((d) => d.kind === "rest")).toBe(true);
      expect(week.days.some((d) => d.kind === "walk")).toBe(true);
    }
    days.forEach((day, i) => {
      if (day.kind === "strength") expect(days[i + 1]?.kind).not.toBe("strength");
    });
    // Every session is short: its stated length is under 25 minutes.
    for (const day of days) {
      const minutes = /about (\d+) minutes/.exec(day.detail.join(" "));
      if (minutes) expect(Number(minutes[1])).toBeLessThan(25);
    }
  });

  it("ends with where to get help, from the configuration", async () => {
    const safety = (await extractPdfPlainText(calendar))[3]!;
    expect(safety).toContain("Jo at Strong with Jo is here to help");
    expect(safety).toContain("strongwithjo.co.uk");
    expect(safety).toContain("hello@strongwithjo.co.uk");
    const links = linkTargets(await PDFDocument.load(calendar));
    expect(links).toContain("https://strongwithjo.co.uk/contact#consultation");
    expect(links).toContain("mailto:hello@strongwithjo.co.uk");
  });
});

describe("the menopause strength guide", () => {
  it("is an eight-page A4 portrait PDF with its metadata", async () => {
    const doc = await PDFDocument.load(guide, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(8);
    expectA4(doc, A4_PORTRAIT);
    expect(doc.getTitle()).toBe("Your Menopause Strength Guide | Strong with Jo");
    expect(doc.getAuthor()).toBe("Jo");
    expect(doc.getSubject()).toMatch(/perimenopause and menopause/);
    expect(language(doc)).toBe("en-GB");
  });

  it("covers why strength matters, how to start, a routine, recovery, the pelvic floor, myths and support", async () => {
    const pages = await extractPdfPlainText(guide);
    const all = pages.join(" ");
    expect(pages[0]).toContain("Your Menopause Strength Guide");
    expect(pages[0]).toContain("By Jo · Strong with Jo");
    for (const text of [
      "Bone.",
      "Muscle.",
      "Metabolism.",
      "Mood and mind.",
      "Joints.",
      "Check with your GP before you start if you",
      "two or three more good reps",
      "Sit-to-stand",
      "Glute bridge",
      "Dead bug",
      "Sleep",
      "the traffic lights",
      "Pelvic floor exercises, three times a day",
      "pelvic health physiotherapist",
      "“Lifting weights will make me bulky.”",
      "Royal Osteoporosis Society",
      "is not a substitute for personal medical advice",
    ]) {
      expect(all).toContain(text);
    }
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of 8`));
  });

  it("lists each section on the cover with the page it starts on", async () => {
    const pages = await extractPdfText(guide);
    const sections = guideSections(jo);
    expect(sections.map((s) => s.title)).toEqual([
      "Why strength matters in menopause",
      "How to start",
      "A beginner routine you can start this week",
      "Recovery and sleep",
      "Pelvic floor awareness",
      "Myths that hold women back",
      "Where to get support",
    ]);
    sections.forEach((section, index) => {
      const entry = new RegExp(`${section.title}\\npage (\\d+)`).exec(pages[0]!);
      expect(entry, section.title).not.toBeNull();
      const page = Number(entry![1]);
      expect(pages[page - 1]!.split("\n")).toContain(section.title);
      expect(pages[page - 1]).toContain(String(index + 1).padStart(2, "0"));
    });
  });

  it("points to the coach's site, booking, offers and email from the configuration", async () => {
    const support = (await extractPdfPlainText(guide))[7]!;
    expect(support).toContain("Work with Jo at Strong with Jo");
    expect(support).toContain("Learn to Lift");
    expect(support).toContain("Stronger with Jo");
    expect(support).toContain("Build Stronger Foundations");
    expect(support).toContain("hello@strongwithjo.co.uk");
    const links = linkTargets(await PDFDocument.load(guide));
    expect(links).toEqual(
      expect.arrayContaining([
        "https://strongwithjo.co.uk/",
        "https://strongwithjo.co.uk/contact#consultation",
        "https://strongwithjo.co.uk/learn-to-lift",
        "https://strongwithjo.co.uk/stronger-with-jo",
        "mailto:hello@strongwithjo.co.uk",
      ]),
    );
  });
});

describe("configuration", () => {
  it("takes the coach, business, email and site from the configuration, never a typed-in name", async () => {
    const zoe = siteFor({ COACH_NAME: "Zoë", CONTACT_EMAIL: "zoe@example.org" }, "https://zoe.example.org");
    const [cal, gd] = await Promise.all([renderCalendarPdf(zoe), renderGuidePdf(zoe)]);
    const text = [...(await extractPdfPlainText(cal)), ...(await extractPdfPlainText(gd))].join(" ");
    expect(text).toContain("Zoë at Strong with Zoë");
    expect(text).toContain("zoe@example.org");
    expect(text).toContain("zoe.example.org");
    expect(text).toContain("Stronger with Zoë");
    expect(text).not.toMatch(/\bJo\b/);
    expect(text).not.toContain("strongwithjo");
    const doc = await PDFDocument.load(gd, { updateMetadata: false });
    expect(doc.getAuthor()).toBe("Zoë");
    expect(linkTargets(doc)).toContain("https://zoe.example.org/stronger-with-zoe");
  });

  it("lays out long names and letters the standard fonts lack without failing", async () => {
    const site = siteFor({
      COACH_NAME: "Łucja",
      BUSINESS_NAME: "Strong and Steady Through the Menopause with Łucja, Online and Across the UK",
      CONTACT_EMAIL: "a.very.long.address.for.the.coach@an-example-domain.co.uk",
    });
    const cal = await renderCalendarPdf(site);
    const gd = await renderGuidePdf(site);
    expect((await PDFDocument.load(cal)).getPageCount()).toBe(4);
    expect((await PDFDocument.load(gd)).getPageCount()).toBeGreaterThanOrEqual(8);
    expect((await extractPdfPlainText(gd)).join(" ")).toContain("Lucja");
  });

  it("renders the same bytes for the same configuration (so the ETag is stable across servers)", async () => {
    expect(Buffer.from(await renderCalendarPdf(jo)).equals(Buffer.from(calendar))).toBe(true);
    expect(Buffer.from(await renderGuidePdf(jo)).equals(Buffer.from(guide))).toBe(true);
  });
});

describe("getDownload", () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.SITE_URL = "https://strongwithjo.co.uk";
    delete process.env.COACH_NAME;
    delete process.env.BUSINESS_NAME;
    delete process.env.CONTACT_EMAIL;
    reloadConfig();
    resetDownloads();
  });
  afterAll(() => {
    process.env = saved;
    reloadConfig();
    resetDownloads();
  });

  it("renders each download once per process and keeps it", async () => {
    expect(DOWNLOAD_FILES.sort()).toEqual([CALENDAR_FILE, GUIDE_FILE].sort());
    const first = getDownload(CALENDAR_FILE);
    expect(getDownload(CALENDAR_FILE)).toBe(first);
    const rendered = await first!;
    expect(Buffer.from(rendered.bytes).equals(Buffer.from(calendar))).toBe(true);
    expect(rendered.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await getDownload(GUIDE_FILE)!).etag).not.toBe(rendered.etag);
  });

  it("knows no other file", () => {
    for (const name of ["guide.pdf", "__proto__", "constructor", "toString", "", "28-day-workout-calendar"]) {
      expect(getDownload(name)).toBeNull();
    }
  });
});
