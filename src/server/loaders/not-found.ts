import { AppError } from '~/server/errors';

/**
 * What a service gives, or undefined when it refuses with `not_found` (unknown, or not this visitor's to see):
 * the page then answers its 404. Any other error is a real fault and goes on up.
 */
export async function notFoundAsUndefined<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
}
