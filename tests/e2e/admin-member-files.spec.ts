import fs from "node:fs";
import path from "node:path";
import { signInAsAdmin, toast } from "../support/admin-e2e";
import { axe, clientIpFor, expect, type Locator, type Page, test, waitForPageScript } from "../support/e2e";
import { COACH } from "../support/site-routes";
import { signUpAndPay } from "../support/checkout-e2e";
import { E2E_JOURNEY_MS } from "../support/budgets";

// The coach shares a file with one 1-to-1 client from her row on the Users tab, in a real browser
// (docs/product.md §10.15): she opens 'Files' from the keyboard, a text file is refused (by the
// browser, and by the server when it is named .pdf), a PDF is shared and listed, and the client
// finds it on her 'Your coaching' page and downloads it. The dialog has no axe violations at
// 1440 px and its list fits 390 px. Without JavaScript the same list and forms are a page of their
// own. Desktop project only; the files are removed again at the end.

/** A new 1-to-1 client, signed up and paid through the test checkout in her own browser. */
function newCoachingClient(page: Page, firstName: string, email: string) {
  return signUpAndPay(page, `/stronger-with-${COACH.slug}-checkout`, { firstName, lastName: "Client", email });
}

/** Screens for review (ADMIN_SCREENSHOTS=1): .tmp/screens/member-files-<name>.png. */
async function screen(page: Page, name: string) {
  if (!process.env.ADMIN_SCREENSHOTS) return;
  fs.mkdirSync(".tmp/screens", { recursive: true });
  await page.screenshot({ path: `.tmp/screens/member-files-${name}.png`, fullPage: true });
}

/** Nothing in the dialog reaches past its own right edge or the window's at this width. */
async function expectNoSidewaysOverflow(page: Page, dialog: Locator, width: number) {
  const box = await dialog.evaluate((element) => {
    const own = element.getBoundingClientRect();
    let right = own.right;
    for (const child of element.querySelectorAll("*")) right = Math.max(right, child.getBoundingClientRect().right);
    return { right: Math.ceil(right), ownRight: Math.ceil(own.right), scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
  });
  expect(box.scrollWidth, `the dialog scrolls sideways at ${width} px`).toBeLessThanOrEqual(box.clientWidth);
  expect(box.right, `something spills out of the dialog at ${width} px`).toBeLessThanOrEqual(box.ownRight);
  expect(box.ownRight).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("the coach shares a PDF with a 1-to-1 client, who finds it on 'Your coaching' and downloads it", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(E2E_JOURNEY_MS);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const pdfName = "Your twelve-week programme - strength, mobility and recovery.pdf";
  const pdf = path.join(dir, pdfName);
  fs.writeFileSync(pdf, "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  const notes = path.join(dir, "notes.txt");
  fs.writeFileSync(notes, "Not a PDF");
  const disguised = path.join(dir, "disguised.pdf");
  fs.writeFileSync(disguised, "Just some notes, not a PDF at all.");

  // The client joins 1-to-1 coaching in her own browser.
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const firstName = "Maeve";
  const email = `member-files-${suffix}@example.com`;
  const clientContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIpFor(`member-files-client-${suffix}`) } });
  const client = await clientContext.newPage();
  await newCoachingClient(client, firstName, email);

  // The coach finds her on the Users tab and opens her files from the keyboard.
  await signInAsAdmin(page, testInfo);
  await page.goto(`/settings/admin?q=${encodeURIComponent(email)}`);
  await waitForPageScript(page);
  const row = page.locator('ul[aria-label="Members"] > li').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const filesButton = row.getByRole("button", { name: `Files for ${firstName} Client` });
  await filesButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Files for ${firstName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Only ${firstName} sees the files you share here, on her ‘Your coaching’ page.`);
  await expect(dialog).toContainText(`Nothing shared with ${firstName} yet.`);
  // Escape closes it and gives the focus back to 'Files'.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(filesButton).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();

  // A text file is refused by its field: by the browser, and by the server when it is named .pdf.
  const fileInput = dialog.getByLabel("File to share");
  const shareButton = dialog.getByRole("button", { name: `Share with ${firstName}` });
  await fileInput.setInputFiles(notes);
  await shareButton.click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Please choose a PDF, JPEG or PNG file." })).toBeVisible();
  await expect(fileInput).toHaveAttribute("aria-invalid", "true");
  await fileInput.setInputFiles(disguised);
  const refused = page.waitForResponse((response) => response.url().includes("/settings/admin/member-files") && response.request().method() === "POST");
  await shareButton.click();
  expect((await refused).status()).toBe(400);
  await expect(dialog.getByRole("alert").filter({ hasText: "Please choose a PDF, JPEG or PNG file." })).toBeVisible();
  await expect(dialog).toContainText(`Nothing shared with ${firstName} yet.`);

  // The PDF is shared: the toast says where she sees it, and the open dialog lists it.
  await fileInput.setInputFiles(pdf);
  await shareButton.click();
  await expect(toast(page, `“${pdfName}” is on ${firstName}'s ‘Your coaching’ page now.`)).toBeVisible();
  await expect(dialog).toBeVisible();
  const link = dialog.getByRole("link", { name: pdfName });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", /^\/learn\/coaching\/files\/[0-9a-f-]{36}$/);
  await expect(dialog.getByText(/^1 KB · Shared on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(fileInput).toHaveValue("");
  const href = (await link.getAttribute("href"))!;

  // The dialog: no axe violations at 1440 px, and nothing sideways at 390 px.
  expect((await axe(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await expectNoSidewaysOverflow(page, dialog, 1440);
  await screen(page, "dialog-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysOverflow(page, dialog, 390);
  await screen(page, "dialog-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The client sees it on 'Your coaching' and downloads it.
  await client.goto("/learn/coaching");
  await expect(client.getByRole("navigation", { name: "Members' area" }).getByRole("link", { name: "Your coaching" })).toHaveAttribute("aria-current", "page");
  const files = client.getByRole("region", { name: `Files from ${COACH.name}` });
  const hers = files.getByRole("link", { name: pdfName });
  await expect(hers).toHaveAttribute("href", href);
  const [download] = await Promise.all([client.waitForEvent("download"), hers.click()]);
  expect(download.suggestedFilename()).toBe(pdfName);
  const served = await client.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Removed again: asked first, then gone from the dialog and from her.
  await dialog.getByRole("listitem").filter({ hasText: pdfName }).locator("summary", { hasText: "Delete" }).click();
  await dialog.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toast(page, `“${pdfName}” is no longer shared with ${firstName}.`)).toBeVisible();
  await expect(dialog).toContainText(`Nothing shared with ${firstName} yet.`);
  expect((await client.request.get(href)).status()).toBe(404);
  await page.keyboard.press("Escape");

  // Without JavaScript: 'Files' is a link to her files on a page of their own, with the same forms.
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": clientIpFor(`member-files-plain-${suffix}`) },
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/settings/admin?q=${encodeURIComponent(email)}`);
  await noScript.locator('ul[aria-label="Members"] > li').filter({ hasText: email }).getByRole("link", { name: `Files for ${firstName} Client` }).click();
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText(`Files for ${firstName}`);
  await noScript.getByLabel("File to share").setInputFiles(disguised);
  await noScript.getByRole("button", { name: `Share with ${firstName}` }).click();
  await expect(noScript.getByRole("alert").filter({ hasText: "Please choose a PDF, JPEG or PNG file." })).toBeVisible();
  await noScript.getByLabel("File to share").setInputFiles(pdf);
  await noScript.getByRole("button", { name: `Share with ${firstName}` }).click();
  await expect(noScript).toHaveURL(/\/settings\/admin\/member-files\?userId=/);
  // The flash toast, written into the page by the server.
  await expect(noScript.getByRole("status").filter({ hasText: `“${pdfName}” is on ${firstName}'s ‘Your coaching’ page now.` })).toBeVisible();
  await expect(noScript.getByRole("link", { name: pdfName })).toBeVisible();
  await screen(noScript, "page-no-js");
  await noScript.locator("summary", { hasText: "Delete" }).click();
  await noScript.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(noScript.getByRole("status").filter({ hasText: `“${pdfName}” is no longer shared with ${firstName}.` })).toBeVisible();
  await expect(noScript.getByText(`Nothing shared with ${firstName} yet.`)).toBeVisible();
  await plain.close();
  await clientContext.close();
});
