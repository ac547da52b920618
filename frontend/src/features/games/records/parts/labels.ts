// Names and badge colours of bet states for the records screen. Game, room and option names are
// games/parts/game-labels (shared with the long-dragon board).
import type { BadgeTone } from '@/components/badge';
import type { MessageKey, Translate } from '@/i18n/i18n';

const STATUS: Record<string, { key: MessageKey; tone: BadgeTone }> = {
  open: { key: 'records_status_open', tone: 'wait' },
  won: { key: 'records_status_won', tone: 'ok' },
  lost: { key: 'records_status_lost', tone: 'bad' },
  refunded: { key: 'records_status_refunded', tone: 'muted' },
};

/** A bet state's name and badge colour; an unknown state shows its code, uncoloured. */
export function statusOf(status: string, t: Translate): { label: string; tone: BadgeTone } {
  const known = STATUS[status];
  return known === undefined
    ? { label: status, tone: 'muted' }
    : { label: t(known.key), tone: known.tone };
}
