import { ApiError } from '@/lib/api';

/**
 * Whether a failed read means the product or order is not there for this player (the server's
 * refusal envelope, or HTTP 404), rather than a failure to load worth a retry.
 */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 200 || error.status === 404);
}
