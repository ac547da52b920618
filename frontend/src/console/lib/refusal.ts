// The player desk's words for the server's refusals it can meet (`err` of a code-0 reply),
// in the console's language: the server's own message is the player app's ("Parameter
// error, please leave and re-enter") or names a withdrawal where the desk adjusts a wallet.
// Any other refusal shows the server's message (describeError).
import { text, type TextKey } from '@/console/i18n/i18n';
import { ConsoleApiError, describeError } from '@/console/lib/api';

const REFUSALS: Record<string, TextKey> = {
  no_permission: 'refused_no_permission',
  bad_params: 'refused_bad_params',
  missing_params: 'refused_missing_params',
  invalid_amount: 'refused_invalid_amount',
  insufficient_balance: 'refused_insufficient_balance',
  not_found: 'refused_not_found',
  already_reviewed: 'refused_already_reviewed',
  second_approver_needed: 'refused_second_approver_needed',
};

/** The text to show for a failed call of the player desk. */
export function describeRefusal(error: unknown): string {
  const key = error instanceof ConsoleApiError ? REFUSALS[error.key] : undefined;
  return key === undefined ? describeError(error) : text(key);
}
