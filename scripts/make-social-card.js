// Makes public/social-card.png, the 1200 × 630 share image that every page's Open Graph and
// Twitter tags point to (app/utils/seo.ts). It screenshots a small local HTML page in headless
// Chromium (Debian's: /usr/bin/chromium, or CHROMIUM_PATH) and optimises the PNG with sharp.
// Nothing is fetched from the network. Run it after changing the brand:
//   node scripts/make-social-card.js [--out=path.png]
// The name defaults to the demo coach's business; BUSINESS_NAME overrides it.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const out = path.resolve(
  root,
  process.argv.find((a) => a.startsWith("--out="))?.slice(6) ?? "public/social-card.png",
);
const businessName = process.env.BUSINESS_NAME?.trim() || "Strong with Jo";

// The site's palette (app/app.css).
const c = {
  brand100: "#f4e5ea",
  brand200: "#e9ccd6",
  brand700: "#7a3b52",
  brand800: "#5f2d40",
  brand900: "#472232",
  brand950: "#2c1520",
  accent200: "#f4cbae",
  accent300: "#eca77e",
  accent400: "#e2844f",
  sand50: "#fdfaf5",
};

const escapeHtml = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

// The kettlebell mark of app/components/brand-mark.tsx, light tone.
const mark = `
<svg viewBox="0 0 40 40" width="104" height="104" aria-hidden="true">
  <rect width="40" height="40" rx="12" fill="${c.sand50}"/>
  <path d="M14 20.5C12.2 16.5 11.6 11.2 14.2 9.6 15 9.1 16 9 17 9h6c1 0 2 .1 2.8.6 2.6 1.6 2 6.9.2 10.9"
        fill="none" stroke="${c.brand700}" stroke-width="3" stroke-linecap="round"/>
  <path d="M12.6 31.5a9.3 9.3 0 1 1 14.8 0z" fill="${c.brand700}"/>
  <path d="M14.6 27.4a5.8 5.8 0 0 1 10.8 0z" fill="${c.accent300}"/>
</svg>`;

const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<style>
  * { box-sizing: border-box; margin: 0; }
  html, body { width: 1200px; height: 630px; overflow: hidden; }
  body {
    position: relative;
    font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif;
    color: #fff;
    background: linear-gradient(135deg, ${c.brand700} 0%, ${c.brand800} 62%, ${c.brand900} 100%);
  }
  .sun { position: absolute; right: -150px; bottom: -330px; width: 660px; height: 660px; }
  .content { position: absolute; left: 88px; top: 92px; width: 1030px; }
  .brand { display: flex; align-items: center; gap: 30px; }
  .name {
    font-family: "Liberation Serif", "DejaVu Serif", Georgia, serif;
    font-weight: 700; font-size: 96px; line-height: 1; letter-spacing: -0.5px; white-space: nowrap;
  }
  .strap { margin-top: 44px; max-width: 780px; font-size: 40px; line-height: 1.28; color: ${c.brand100}; font-weight: 400; }
  .strap strong { color: ${c.accent200}; font-weight: 700; }
  .tags { position: absolute; left: 88px; bottom: 70px; display: flex; gap: 14px; }
  .tag {
    font-size: 24px; font-weight: 700; color: ${c.brand950}; background: ${c.accent300};
    padding: 10px 22px; border-radius: 999px;
  }
  .tag.soft { background: rgb(255 255 255 / 0.12); color: #fff; border: 2px solid rgb(255 255 255 / 0.35); }
</style>
</head>
<body>
  <svg class="sun" viewBox="-310 -310 620 620" aria-hidden="true">
    <circle r="310" fill="${c.brand800}" opacity="0.65"/>
    <circle r="236" fill="${c.brand900}" opacity="0.8"/>
    <circle r="160" fill="${c.accent400}"/>
    <circle r="98" fill="${c.accent300}"/>
  </svg>
  <div class="content">
    <div class="brand">${mark}<div class="name">${escapeHtml(businessName)}</div></div>
    <p class="strap">Strength training for women <strong>40+</strong> through perimenopause, menopause and beyond</p>
  </div>
  <div class="tags">
    <span class="tag">Short home workouts</span>
    <span class="tag soft">1-to-1 coaching</span>
    <span class="tag soft">Community</span>
  </div>
</body>
</html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // Nothing on this page needs the network: resolve no host at all.
    "--host-resolver-rules=MAP * ~NOTFOUND",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: 1200, height: 630 } });
  // A 256-colour palette with dithering keeps the gradients smooth at a fraction of the size.
  const optimised = await sharp(png).png({ palette: true, colours: 256, dither: 1, compressionLevel: 9, effort: 10 }).toBuffer();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, optimised);
  const { width, height } = await sharp(optimised).metadata();
  console.log(
    `Wrote ${path.relative(root, out)}: ${width} × ${height}, ${(optimised.length / 1024).toFixed(1)} KB (screenshot ${(png.length / 1024).toFixed(1)} KB).`,
  );
} finally {
  await browser.close();
}
