import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { NO_NUL_MESSAGE } from '@site/shared/contracts/common';
import { HttpError } from './errors';

/** Deeper than any form of this site; refusing it early keeps hostile JSON cheap. */
export const MAX_INPUT_DEPTH = 32;

type Problem = { path: string; message: string };

function findProblem(value: unknown, path: string, depth: number): Problem | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? { path, message: NO_NUL_MESSAGE } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_INPUT_DEPTH) return { path, message: 'The input is nested too deeply.' };
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return { path: at.replaceAll('\u0000', '\\0'), message: NO_NUL_MESSAGE };
    const problem = findProblem(item, at, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Every route, whoever adds it: text PostgreSQL cannot store (NUL) and absurdly deep input are
 * refused with 400 before the route's own schema runs. Data errors the database still raises
 * (a date out of its range, say) become 400 in the error handler.
 */
export const storableInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const [where, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
        const problem = findProblem(value, '', 0);
        if (problem) {
          const context = where === 'body' ? '' : ` (${where})`;
          throw new HttpError(400, 'validation_error', `Invalid request${context}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`, {
            issues: [problem],
          });
        }
      }
    });
  },
  { name: 'storable-input' },
);
