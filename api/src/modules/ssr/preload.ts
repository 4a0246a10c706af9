import type { FastifyInstance } from 'fastify';
import { sanitizeStoredHtml } from '../../lib/stored-html';
import { IN_PROCESS_READ } from '../../plugins/pressure';
import type { RenderedRoute } from './pages';
import type { PreloadedData } from './render';

/**
 * The HTML fields a read declares (the remote table's `html`) get the browser's second sanitizing
 * pass here, where there is no DOM: a list's rows, or the one row answered.
 */
function sanitized(answer: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields) return answer;
  const clean = (row: unknown): unknown => {
    if (typeof row !== 'object' || row === null) return row;
    const copy: Record<string, unknown> = { ...row };
    for (const field of fields) if (typeof copy[field] === 'string') copy[field] = sanitizeStoredHtml(copy[field]);
    return copy;
  };
  return Array.isArray(answer) ? answer.map(clean) : clean(answer);
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
        const response = await app.inject({ method: 'GET', url: `/api${key}`, headers: { [IN_PROCESS_READ.header]: IN_PROCESS_READ.value } });
        if (response.statusCode !== 200) throw new Error(`GET /api${key} answered ${response.statusCode}`);
        answers[key] = sanitized(response.json(), route.html.get(key));
      }),
    );
  await read(route.reads);
  if (route.then) await read(route.then(answers));
  return answers;
}
