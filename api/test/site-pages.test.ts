import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { site } from '@site/shared/site-config';
import { confirmPage } from '../src/modules/newsletters/unsubscribe-page';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { bookConsultation, buyer, getOrder, settle, slot } from './orders-helpers';

/** What every page of the layout has alike: its head without the title, and its brand header. */
const layoutOf = (html: string) => ({
  head: /<head>([\s\S]*)<\/head>/.exec(html)?.[1]?.replace(/<title>[^<]*<\/title>/, ''),
  header: /<header>[\s\S]*?<\/header>/.exec(html)?.[0],
});

describe.each(testDatabases())("the api's own pages on $name", (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built));

  it('wear one layout: the booking links and the newsletter links alike, in the brand and the site title pattern', async () => {
    const booking = await app.inject({ url: `/api/orders/${randomUUID()}/cancel` });
    const newsletter = await app.inject({ url: '/api/newsletters/unsubscribe?token=no-such-token' });
    for (const page of [booking, newsletter]) {
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toMatch(/^<!doctype html><html lang="en"><head>/);
      expect(page.body).toContain('<title>Link not valid | Tiny Titans AI</title>');
      expect(page.body).toContain(`<header><div><a href="/"><img src="/favicon.svg" alt=""`);
      expect(page.body).toContain(`background:${site.colors.bg}`);
      expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(page.body).not.toContain('<script');
    }
    expect(layoutOf(booking.body).head).toBeTruthy();
    expect(layoutOf(newsletter.body)).toEqual(layoutOf(booking.body));
  });

  it('escapes stored text they show: what was bought, as its receipt and cancel page name it', async () => {
    const me = await buyer(app);
    const created = (await bookConsultation(app, me, slot(8, 12))).json();
    expect((await settle(app, created.razorpayOrderId)).statusCode).toBe(200);
    const bought = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await app.database.db.execute(sql`UPDATE orders SET package_name = ${bought} WHERE id = ${created.id}`);
    const order = (await getOrder(app, me, created.id)).json() as { receipt_url: string; cancel_url: string };
    for (const url of [order.receipt_url, order.cancel_url]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
      expect(page.body, url).not.toContain('<script');
      expect(page.body, url).not.toContain('<img src=x');
    }
  });
});

describe('the unsubscribe page', () => {
  it('escapes the address it names and keeps the token inside its form address', async () => {
    const html = await confirmPage('"><script>alert(1)</script>@example.com', 'a"b&c', false);
    expect(html).toContain('<strong>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.com</strong>');
    expect(html).not.toContain('<script');
    expect(html).toContain('action="/api/newsletters/unsubscribe?token=a%22b%26c"');
  });
});
