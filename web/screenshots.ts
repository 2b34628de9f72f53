// The README's screenshots from a running demo: `npm run demo`, then `npm run docs:screenshots -- URL EMAIL PASSWORD`, i.e.
//   npx tsx web/screenshots.ts http://127.0.0.1:3360 admin@c360.local PASSWORD
// writes docs/images/home.png (the reader's home page) and docs/images/console.png (the console's
// Admin Home, signed in as the admin the demo printed). Needs Debian's Chromium (/usr/bin/chromium).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const [url, email, password] = process.argv.slice(2);
if (!url || !email || !password) {
  process.stderr.write('usage: npx tsx web/screenshots.ts SITE_URL ADMIN_EMAIL ADMIN_PASSWORD (a running `npm run demo`)\n');
  process.exit(2);
}
const out = fileURLToPath(new URL('../docs/images/', import.meta.url));
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}home.png` });

  await page.goto(`${url}/auth`, { waitUntil: 'networkidle' });
  await page.fill('#auth-email', email);
  await page.fill('#auth-password', password);
  await page.click('form button[type=submit]:not([disabled])');
  await page.waitForURL(/\/dashboard/);
  // The console is a chunk of its own, then Admin Home loads its figures.
  await page.waitForSelector('nav', { timeout: 30_000 });
  await page.waitForSelector('main h1', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}console.png` });
  process.stdout.write(`wrote ${out}home.png and ${out}console.png\n`);
} finally {
  await browser.close();
}
