// Lists every JS/CSS file a page downloads with its transferred size: `pnpm --filter @site/bench exec tsx src/requests.ts /login`.
import { chromium } from 'playwright-core';
import { chromiumPath } from '@site/test-support/chromium';
import { ensureBuilt, startServer } from '@site/test-support/server';

async function main() {
  ensureBuilt();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    for (const pagePath of process.argv.slice(2)) {
      const page = await browser.newPage();
      const rows: Promise<string>[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (!/\.(js|css)$/.test(url.pathname)) return;
        rows.push(request.sizes().then((s) => `${(s.responseBodySize / 1024).toFixed(1).padStart(7)}  ${url.pathname}`));
      });
      page.on('console', (m) => console.log(`  console.${m.type()}: ${m.text()}`));
      await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
      console.log(pagePath);
      for (const row of await Promise.all(rows)) console.log(row);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
void main();
