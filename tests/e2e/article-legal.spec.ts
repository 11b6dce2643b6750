import { axe, expect, type Locator, type Page, test } from "../support/e2e";
import { loadSiteConfig } from "../../app/config/env.server";
import { COACH } from "../support/site-routes";

// docs/product.md §4.6 /strength-training (the long article) and its resource cards, and §4.7
// /terms and /privacy (January 2025).

const site = loadSiteConfig({});

function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole("region", { name, exact: true });
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("the article: Strength Training for Women Over 40", () => {
  const sections = [
    "Why strength training matters after 40",
    "Three types of strength training",
    "Strength training through perimenopause and menopause",
    "Cardio vs strength: do you need both?",
    "Strength training and bone health",
    "Normal vs concerning pain",
    "Strength training and HRT",
    "Frequently asked questions",
    "Evidence-based resources",
  ];

  test("has every section docs/product.md lists, in order @mobile", async ({ page }) => {
    await page.goto("/strength-training");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Strength Training for Women Over 40");
    const article = page.getByRole("article", { name: "Strength Training for Women Over 40" });
    await expect(article.getByRole("heading", { level: 2 }).filter({ hasNotText: "In this guide" })).toHaveText(sections);

    const benefits = region(page, sections[0]!);
    for (const name of ["Heart health", "Bone density", "Injury prevention", "Mental wellbeing"]) {
      await expect(benefits.getByRole("heading", { name })).toBeVisible();
    }
    const types = region(page, sections[1]!);
    for (const name of ["Bodyweight training", "Resistance bands", "Free weights and machines"]) {
      await expect(types.getByRole("heading", { name })).toBeVisible();
    }
    await expect(region(page, sections[2]!)).toContainText("oestrogen");
    await expect(region(page, sections[3]!)).toContainText("150 minutes");
    await expect(region(page, sections[4]!)).toContainText("LIFTMOR");
    const pain = region(page, sections[5]!);
    await expect(pain.getByRole("heading", { name: "Usually normal" })).toBeVisible();
    await expect(pain.getByRole("heading", { name: "Stop and get advice" })).toBeVisible();
    await expect(pain).toContainText("call 999");
    await expect(region(page, sections[6]!)).toContainText("NICE");
    // A gentle medical note, not medical advice.
    await expect(page.getByRole("main")).toContainText("not medical advice");
    await expect(page.getByRole("main")).toContainText("talk to your GP");
  });

  test("the table of contents links to every section", async ({ page }) => {
    await page.goto("/strength-training");
    const toc = page.getByRole("navigation", { name: "In this guide" });
    const links = toc.getByRole("link");
    await expect(links).toHaveText(sections);
    for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")!))) {
      await expect(page.locator(href)).toHaveCount(1);
    }
    await toc.getByRole("link", { name: "Normal vs concerning pain" }).click();
    await expect(page).toHaveURL(/#pain$/);
    await expect(page.getByRole("heading", { name: "Normal vs concerning pain" })).toBeInViewport();
  });

  test("has a five-question FAQ, one answer open at a time and collapsible @mobile", async ({ page }) => {
    await page.goto("/strength-training");
    const faq = region(page, "Frequently asked questions");
    const triggers = faq.locator("button[aria-expanded]");
    await expect(triggers).toHaveCount(5);
    await triggers.nth(1).click();
    await expect(faq).toContainText("Two to three times a week is ideal for beginners");
    await triggers.nth(2).click();
    await expect(triggers.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(1);
    await triggers.nth(2).click();
    await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);
  });

  test("lists evidence-based resources with title, author, type and description", async ({ page }) => {
    await page.goto("/strength-training");
    const cards = region(page, "Evidence-based resources").locator("[data-resource-card]");
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading")).not.toBeEmpty();
      await expect(card.locator("p")).not.toHaveCount(0);
    }
    const text = await region(page, "Evidence-based resources").textContent();
    for (const source of [
      "UK Chief Medical Officers' Physical Activity Guidelines",
      "Physical activity guidelines for adults aged 19 to 64",
      "The LIFTMOR Randomized Controlled Trial",
      "Watson SL, Weeks BK, Weis LJ, Harding AT, Horan SA, Beck BR",
      "Journal of Bone and Mineral Research, 2018",
      "Resistance Training is Medicine: Effects of Strength Training on Health",
      "Westcott WL",
      "Strong, steady and straight",
      "NICE guideline NG23",
      "Randomised controlled trial",
    ]) {
      expect(text).toContain(source);
    }
    // Links go only to organisations' home pages and open in a new tab.
    const external = region(page, "Evidence-based resources").locator('a[href^="http"]');
    for (const href of await external.evaluateAll((els) => els.map((el) => el.getAttribute("href")!))) {
      expect(new URL(href).pathname).toBe("/");
    }
  });

  test("ends with calls to action to Learn to Lift, Coaching Services and a consultation", async ({ page }) => {
    await page.goto("/strength-training");
    const next = region(page, "Ready to put this into practice?");
    const hrefs = await next.getByRole("link").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toEqual(["/learn-to-lift#top", "/coaching-services#top", "/contact#consultation"]);
    await next.getByRole("link", { name: "Book a free consultation" }).click();
    await expect(page).toHaveURL("/contact#consultation");
    await expect(page.locator("#consultation")).toBeInViewport();
  });

  test("is described as an Article by the coach, published by the business, with its FAQ", async ({ page }) => {
    await page.goto("/strength-training");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const data = await jsonLd(page);
    const article = data.find((d) => d["@type"] === "Article")!;
    expect(article).toMatchObject({
      headline: "Strength Training for Women Over 40",
      author: { "@type": "Person", name: COACH.name },
      publisher: { "@type": "Organization", name: site.businessName },
    });
    expect(String(article.datePublished)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(article.dateModified) >= String(article.datePublished)).toBe(true);
    expect((data.find((d) => d["@type"] === "FAQPage") as { mainEntity: unknown[] }).mainEntity).toHaveLength(5);
  });
});

async function expectLegalPage(page: Page, path: string, title: string, sections: string[]) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // The Privacy Policy was updated when consent to news and offers came to be recorded (decision 256).
  await expect(page.getByRole("main")).toContainText(path === "/privacy" ? "Last updated November 2026" : "Last updated January 2025");
  await expect(page.locator("[data-legal-section] h2")).toHaveText(sections);
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveCount(sections.length);
  for (const [index, name] of sections.entries()) {
    await expect(contents.getByRole("link").nth(index)).toHaveAccessibleName(name);
  }
  const mail = page.getByRole("main").getByRole("link", { name: site.contactEmail });
  await expect(mail.last()).toHaveAttribute("href", `mailto:${site.contactEmail}`);
}

test.describe("the legal pages", () => {
  test("/terms has its nine sections, January 2025 and the contact email @mobile", async ({ page }) => {
    await expectLegalPage(page, "/terms", "Terms and Conditions", [
      "Agreement to Terms",
      "Services",
      "User Responsibilities",
      "Health and Safety Disclaimer",
      "Payment and Refunds",
      "Intellectual Property",
      "Limitation of Liability",
      "Modifications",
      "Contact Information",
    ]);
    await expect(region(page, "Payment and Refunds")).toContainText("All sales are final unless otherwise specified");
    await expect(region(page, "Payment and Refunds")).toContainText("statutory rights");
    await expect(region(page, "Modifications")).toContainText("effective immediately upon posting");
    await expect(region(page, "Health and Safety Disclaimer")).toContainText("not medical advice");
    await expect(region(page, "Contact Information")).toContainText(site.contactEmail);
  });

  test("/privacy has its eleven sections, November 2026 and the contact email @mobile", async ({ page }) => {
    await expectLegalPage(page, "/privacy", "Privacy Policy", [
      "Information We Collect",
      "How We Use Your Information",
      "Information Sharing",
      "Data Security",
      "Your Rights and Choices",
      "Cookies and Tracking",
      "Third-Party Services",
      "Children's Privacy",
      "International Users",
      "Changes to This Policy",
      "Contact Us",
    ]);
    await expect(region(page, "Information Sharing")).toContainText("We do not sell, trade or rent your personal information");
    const rights = region(page, "Your Rights and Choices");
    for (const right of ["access", "delete", "opt out of marketing", "get a copy of your data", "withdraw consent"]) {
      await expect(rights).toContainText(right);
    }
    const processors = region(page, "Third-Party Services");
    for (const name of ["Stripe", "Cal.com", "Kit", "community platform"]) await expect(processors).toContainText(name);
    await expect(region(page, "Children's Privacy")).toContainText("under 18");
    await expect(region(page, "Contact Us")).toContainText(site.contactEmail);
  });

  test("the contents links jump to their sections", async ({ page }) => {
    await page.goto("/privacy");
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Children's Privacy" }).click();
    await expect(page).toHaveURL(/#childrens-privacy$/);
    await expect(page.getByRole("heading", { name: "Children's Privacy" })).toBeInViewport();
  });
});

for (const path of ["/strength-training", "/terms", "/privacy"]) {
  test(`${path}: no axe violations, nothing wider than the screen @mobile`, async ({ page }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axe(page).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
