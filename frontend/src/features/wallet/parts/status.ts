import type { BadgeTone } from '@/components/badge';
import type { MessageKey } from '@/i18n/i18n';

/** Review states of deposits and withdrawals, as badges. */
export const STATUS: Record<string, { key: MessageKey; tone: BadgeTone }> = {
  pending: { key: 'status_pending', tone: 'wait' },
  passed: { key: 'status_passed', tone: 'ok' },
  failed: { key: 'status_failed', tone: 'bad' },
  rejected: { key: 'status_rejected', tone: 'bad' },
};

export const statusOf = (status: string) =>
  STATUS[status] ?? { key: 'status_pending' as MessageKey, tone: 'muted' as BadgeTone };
