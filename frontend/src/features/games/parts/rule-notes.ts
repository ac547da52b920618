// A room's rules beyond its odds table, in words: the quick game pages' rules and the rules page
// show them. The switches are the room's rules JSON (src/games/rules: K3Rules, Pk10Rules).
import type { Text } from '@/features/games/parts/text';

/** The switches of a room's rules the notes read; absent means the GAMES.md default. */
export type RuleSwitches = { triples_lose_big_small?: boolean; sum_eleven_refunds?: boolean };

/** Room-wide notes, the intro first. */
export function ruleNotes(
  game: string,
  odds: { rules: RuleSwitches | null; service_fee_bp: number },
): Text[] {
  const rules = odds.rules ?? {};
  const notes: Text[] = [{ key: 'cc_rules_intro' }];
  if (game === 'k3' && rules.triples_lose_big_small === true)
    notes.push({ key: 'cc_rules_k3_triples' });
  if (game === 'pk10' && rules.sum_eleven_refunds !== false)
    notes.push({ key: 'cc_rules_pk10_sum11' });
  if (game === 'ssc') notes.push({ key: 'cc_rules_ssc_shapes' });
  if (game === 'rgb' && odds.service_fee_bp > 0)
    notes.push({
      key: 'cc_rules_rgb_fee',
      params: { rate: (odds.service_fee_bp / 100).toString() },
    });
  return notes;
}
