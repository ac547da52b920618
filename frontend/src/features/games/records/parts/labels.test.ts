// Bet states get a name and a badge colour; an unknown state shows as it is. (Game, room and
// option names: games/parts/game-labels.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '@/features/games/records/parts/labels';
import { activateLanguage, t } from '@/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('statusOf', () => {
  it('colours states: won green, lost red, open waiting, refunded muted', () => {
    expect(['won', 'lost', 'open', 'refunded'].map((status) => statusOf(status, t))).toEqual([
      { label: 'Won', tone: 'ok' },
      { label: 'Lost', tone: 'bad' },
      { label: 'Open', tone: 'wait' },
      { label: 'Refunded', tone: 'muted' },
    ]);
    expect(statusOf('voided', t)).toEqual({ label: 'voided', tone: 'muted' });
  });
});
