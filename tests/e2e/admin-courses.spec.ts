import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { expect, test, waitForPageScript } from "../support/e2e";

// The Courses tab in a real browser (docs/product.md §10.14): the coach adds a lesson with a PDF to
// a module and sees it with 'Preview as a member'; a file that is not a PDF is refused by its
// field. Desktop project only (the two projects share one database); the lesson is removed at the end.

test("the coach adds a lesson with a PDF and sees it as a member would", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, "Habit tracker.pdf");
  fs.writeFileSync(pdf, "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  const notes = path.join(dir, "notes.txt");
  fs.writeFileSync(notes, "Not a PDF");
  const title = `Track your week ${Date.now().toString(36)}`;

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin?tab=courses");
  await waitForPageScript(page);
  const course = page.locator("#course-build-stronger-foundations");
  const module = course.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Make room for movement/ }) });
  await module.locator("summary", { hasText: "Add lesson" }).click();
  await module.getByRole("textbox", { name: "Lesson title" }).last().fill(title);
  await module.getByRole("button", { name: "Add lesson" }).click();
  await expect(toast(page, "The lesson is in the course now.")).toBeVisible();

  const lesson = () => page.locator("#course-build-stronger-foundations li[data-lesson]").filter({ has: page.locator("summary", { hasText: title }) });
  await lesson().locator("summary", { hasText: title }).click();
  await lesson().getByRole("textbox", { name: "Lesson", exact: true }).fill("Tick each day you move.\n\n- Morning\n- Evening");
  await lesson().getByRole("textbox", { name: "Video address" }).fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await lesson().getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "The lesson is updated.")).toBeVisible();

  // A text file is refused by its field, before or after the upload.
  await lesson().locator("summary", { hasText: title }).click();
  await lesson().getByLabel("Add a file").setInputFiles(notes);
  await lesson().getByRole("button", { name: "Upload" }).click();
  await expect(lesson().getByRole("alert").filter({ hasText: "Please choose a PDF file." })).toBeVisible();
  await lesson().getByLabel("Add a file").setInputFiles(pdf);
  await lesson().getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "The file is in the lesson now.")).toBeVisible();

  expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

  // Preview as a member: the course lists it; the lesson shows its words and the file downloads.
  await page.getByRole("link", { name: "Preview as a member: Build Stronger Foundations" }).click();
  await expect(page).toHaveURL("/learn/build-stronger-foundations");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("listitem").filter({ hasText: "Evening" })).toBeVisible();
  // The video is a button: nothing is asked of YouTube until she presses play.
  const youtube: string[] = [];
  page.on("request", (request) => {
    if (/youtube/.test(new URL(request.url()).hostname)) youtube.push(request.url());
  });
  await page.reload();
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(youtube).toEqual([]);
  await page.getByRole("button", { name: `Play video: ${title}` }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toBeAttached();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Habit tracker.pdf" }).click()]);
  expect(download.suggestedFilename()).toBe("Habit tracker.pdf");

  // Removed again.
  await page.goto("/settings/admin?tab=courses");
  await waitForPageScript(page);
  await lesson().locator("summary", { hasText: title }).click();
  await lesson().locator("summary", { hasText: /^Delete$/ }).click();
  await lesson().getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, "The lesson is removed.")).toBeVisible();
});
