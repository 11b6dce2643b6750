import fs from "node:fs";
import path from "node:path";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { axe, expect, test, waitForPageScript } from "../support/e2e";
import { E2E_JOURNEY_MS } from "../support/budgets";

// The Courses tab in a real browser (docs/product.md §10.14): the coach adds a lesson with a PDF to
// a module and sees it with 'Preview as a member'; a file that is not a PDF is refused by its
// field. Desktop project only (the two projects share one database); the lesson is removed at the end.

test("the coach adds a lesson with a PDF and sees it as a member would", async ({ page }, testInfo) => {
  test.setTimeout(E2E_JOURNEY_MS);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, "Habit tracker.pdf");
  fs.writeFileSync(pdf, "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  const notes = path.join(dir, "notes.txt");
  fs.writeFileSync(notes, "Not a PDF");
  const title = `Track your week ${Date.now().toString(36)}`;

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin/courses");
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
  await lesson().getByRole("button", { name: "Upload", exact: true }).click();
  await expect(lesson().getByRole("alert").filter({ hasText: "Please choose a PDF file." })).toBeVisible();
  await lesson().getByLabel("Add a file").setInputFiles(pdf);
  await lesson().getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "The file is in the lesson now.")).toBeVisible();

  expect((await axe(page).include("main").analyze()).violations).toEqual([]);

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
  await page.goto("/settings/admin/courses");
  await waitForPageScript(page);
  await lesson().locator("summary", { hasText: title }).click();
  await lesson().locator("summary", { hasText: /^Delete$/ }).click();
  await lesson().getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, "The lesson is removed.")).toBeVisible();
});

test("the coach uploads her own video to a lesson; members' player streams it; what is not MP4 or WebM is refused", async ({ page }, testInfo) => {
  test.setTimeout(E2E_JOURNEY_MS);
  const dir = testInfo.outputPath("videos");
  fs.mkdirSync(dir, { recursive: true });
  // An MP4's first box ('ftyp', brand isom), then 2 MB: the server knows a video by these bytes.
  const video = Buffer.alloc(2 * 1024 * 1024 + 16, 1);
  video.set([0, 0, 0, 0x18], 0);
  video.write("ftypisom", 4, "latin1");
  const mp4 = path.join(dir, "Hip hinge demo.mp4");
  fs.writeFileSync(mp4, video);
  const mov = path.join(dir, "clip.mov");
  fs.writeFileSync(mov, video);
  const fake = path.join(dir, "notes.mp4");
  fs.writeFileSync(fake, "Words, not a video");
  const title = `Hinge practice ${Date.now().toString(36)}`;

  await signInAsAdmin(page, testInfo);
  await page.goto("/settings/admin/courses");
  await waitForPageScript(page);
  const module = page.locator("#course-build-stronger-foundations").getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Make room for movement/ }) });
  await module.locator("summary", { hasText: "Add lesson" }).click();
  await module.getByRole("textbox", { name: "Lesson title" }).last().fill(title);
  await module.getByRole("button", { name: "Add lesson" }).click();
  await expect(toast(page, "The lesson is in the course now.")).toBeVisible();
  const lesson = page.locator("#course-build-stronger-foundations li[data-lesson]").filter({ has: page.locator("summary", { hasText: title }) });
  await lesson.locator("summary", { hasText: title }).click();
  const upload = lesson.getByRole("region", { name: `Video of ${title}` });
  await expect(upload.getByText("No video uploaded.")).toBeVisible();

  // A QuickTime file is refused in the browser; a text file named .mp4 by the server, by its bytes.
  await upload.getByLabel("Upload a video").setInputFiles(mov);
  await upload.getByRole("button", { name: "Upload video" }).click();
  await expect(upload.getByRole("alert")).toHaveText("Please choose an MP4 or WebM video (most phones and editing apps save MP4).");
  await expect(upload.getByLabel("Upload a video")).toHaveAttribute("aria-invalid", "true");
  await upload.getByLabel("Upload a video").setInputFiles(fake);
  await upload.getByRole("button", { name: "Upload video" }).click();
  await expect(upload.getByRole("alert")).toHaveText("Please choose an MP4 or WebM video (most phones and editing apps save MP4).");
  await expect(upload.getByText("No video uploaded.")).toBeVisible();

  await upload.getByLabel("Upload a video").setInputFiles(mp4);
  await upload.getByRole("button", { name: "Upload video" }).click();
  await expect(toast(page, "The video is in the lesson now.")).toBeVisible();
  await expect(upload.getByRole("link", { name: "Hip hinge demo.mp4" })).toBeVisible();
  await expect(upload.getByText("(2.0 MB)")).toBeVisible();
  await expect(upload.getByLabel("Replace the video")).toBeVisible();
  expect((await axe(page).include("main").analyze()).violations).toEqual([]);

  // Preview as a member: her player, nothing loaded before play, the bytes served in ranges.
  await page.getByRole("link", { name: "Preview as a member: Build Stronger Foundations" }).click();
  await page.getByRole("link", { name: title }).click();
  const player = page.getByLabel(`Video: ${title}`);
  await expect(player).toHaveAttribute("preload", "none");
  const source = await player.locator("source").getAttribute("src");
  expect(source).toMatch(/^\/learn\/videos\/[0-9a-f-]{36}$/);
  const part = await page.request.get(source!, { headers: { Range: "bytes=0-15" } });
  expect(part.status()).toBe(206);
  expect(part.headers()["content-range"]).toBe(`bytes 0-15/${video.length}`);
  expect(Buffer.from(await part.body()).equals(video.subarray(0, 16))).toBe(true);
  // Signed out, the same address gives no video: she is sent to sign in.
  const visitor = await page.context().browser()!.newContext({ baseURL: String(testInfo.project.use.baseURL) });
  const refused = await visitor.request.get(source!, { maxRedirects: 0 });
  expect([302, 303]).toContain(refused.status());
  expect(refused.headers()["content-type"] ?? "").not.toMatch(/^video\//);
  await visitor.close();

  // Without JavaScript the same form replaces it: the page posts, and the tab comes back with it.
  const noScript = await page.context().browser()!.newContext({ baseURL: String(testInfo.project.use.baseURL), javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/settings/admin/courses");
  const plainLesson = plain.locator("#course-build-stronger-foundations li[data-lesson]").filter({ has: plain.locator("summary", { hasText: title }) });
  await plainLesson.locator("summary", { hasText: title }).click();
  const webm = path.join(dir, "Hip hinge, side view.webm");
  fs.writeFileSync(webm, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64 * 1024, 2)]));
  await plainLesson.getByLabel("Replace the video").setInputFiles(webm);
  await plainLesson.getByRole("button", { name: "Upload video" }).click();
  await expect(plain).toHaveURL("/settings/admin/courses");
  await plainLesson.locator("summary", { hasText: title }).click();
  await expect(plainLesson.getByRole("link", { name: "Hip hinge, side view.webm" })).toBeVisible();
  await noScript.close();

  // Removed, then the lesson too.
  await page.goto("/settings/admin/courses");
  await waitForPageScript(page);
  await lesson.locator("summary", { hasText: title }).click();
  await upload.getByRole("button", { name: "Remove the video Hip hinge, side view.webm" }).click();
  await expect(toast(page, "The video is removed from the lesson.")).toBeVisible();
  expect((await page.request.get(source!)).status()).toBe(404);
  await lesson.locator("summary", { hasText: title }).click();
  await lesson.locator("summary", { hasText: /^Delete$/ }).click();
  await lesson.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, "The lesson is removed.")).toBeVisible();
});
