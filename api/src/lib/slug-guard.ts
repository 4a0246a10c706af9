import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../plugins/errors';

/** Runs a write; a slug already taken (a unique violation) becomes 409 `slug_taken` with `message`. */
export function slugGuard(message: string) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'slug_taken', message);
      throw error;
    }
  };
}
