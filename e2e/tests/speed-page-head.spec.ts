import { createBlog, createEvent } from '../support/content-api';
import { expect, test } from '../support/fixtures';

// What a link preview or a crawler that runs no JavaScript reads: the HTML as served.
test('the HTML of blog and event pages carries their title, description and OpenGraph tags', async ({ request, page, consoleErrors }) => {
  const blog = await createBlog({ title: 'Previewed post', content: '<p>A post whose link preview names it.</p>' });
  const event = await createEvent({ title: 'Previewed event', description: 'An evening of agents, previewed.' });

  const blogHtml = await (await request.get(`/blog/${blog.slug}`)).text();
  expect(blogHtml).toContain('<title>Previewed post | Tiny Titans AI</title>');
  expect(blogHtml).toContain('<meta property="og:title" content="Previewed post | Tiny Titans AI" />');
  expect(blogHtml).toContain('<meta property="og:description" content="A post whose link preview names it." />');
  expect(blogHtml).toContain('<meta name="twitter:card" content="summary" />');

  const eventHtml = await (await request.get(`/event/${event.slug}`)).text();
  expect(eventHtml).toContain('<meta property="og:title" content="Previewed event | Tiny Titans AI" />');
  expect(eventHtml).toContain('<meta name="description" content="An evening of agents, previewed." />');

  // The page still runs as before in the browser.
  await page.goto(`/blog/${blog.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Previewed post' })).toBeVisible();
  await expect(page).toHaveTitle('Previewed post | Tiny Titans AI');
  expect(consoleErrors).toEqual([]);
});
