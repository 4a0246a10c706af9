import type { FastifyInstance } from 'fastify';
import { sanitizeBlogHtml } from '../blogs/sanitize';
import type { RenderedRoute } from './pages';
import type { PreloadedData } from './render';

/** Blog HTML gets the browser's second sanitizing pass (safeHtml) here, where there is no DOM. */
function sanitizeBlogs(answer: unknown): unknown {
  if (!Array.isArray(answer)) return answer;
  return answer.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || typeof (item as { content?: unknown }).content !== 'string') return item;
    return { ...item, content: sanitizeBlogHtml((item as { content: string }).content) };
  });
}

/**
 * The answers a page is made from, read through the api's own routes (and their cache), as the
 * browser would have read them: the page carries them for its components to hydrate with.
 */
export async function readAnswers(app: FastifyInstance, route: RenderedRoute): Promise<PreloadedData> {
  const answers: PreloadedData = {};
  const read = (keys: string[]) =>
    Promise.all(
      keys.map(async (key) => {
        const response = await app.inject({ method: 'GET', url: `/api${key}` });
        if (response.statusCode !== 200) throw new Error(`GET /api${key} answered ${response.statusCode}`);
        answers[key] = key.startsWith('/blogs/') ? sanitizeBlogs(response.json()) : response.json();
      }),
    );
  await read(route.reads);
  if (route.then) await read(route.then(answers));
  return answers;
}
