// The player desk's words for the server's refusals it can meet (`err` of a code-0 reply),
// in the console's language: the server's own message is the player app's ("Parameter
// error, please leave and re-enter") or names a withdrawal where the desk adjusts a wallet.
// A page may word a code its own way (the staff page's not_found is an account). Any other
// refusal shows the server's message (describeError).
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
  staff_exists: 'refused_staff_exists',
  invalid_passphrase: 'refused_invalid_passphrase',
  invalid_code: 'refused_invalid_code',
  code_reused: 'refused_code_reused',
  already_enrolled: 'refused_already_enrolled',
  staff_disabled: 'refused_staff_disabled',
};

/** The text to show for a failed call of the console; `own` words some codes for one page. */
export function describeRefusal(error: unknown, own: Record<string, TextKey> = {}): string {
  const code = error instanceof ConsoleApiError ? error.key : undefined;
  const key = code === undefined ? undefined : (own[code] ?? REFUSALS[code]);
  return key === undefined ? describeError(error) : text(key);
}
