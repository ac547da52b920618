// yn28's special rules as the odds and rules replies carry them (`rules.special_rules`,
// src/games/rules/yn28/special.rs), in words: the tier room and the rules page show them.
import { optionLabel, optionWordKey, type OptionWord } from '@/features/games/parts/game-labels';
import type { Translate } from '@/i18n/i18n';
import type { MoneyText } from '@/lib/money';

/** One rule of `rules.special_rules`. */
export type SpecialRule = {
  options: string[];
  sums?: number[];
  patterns?: string[];
  action: 'refund' | { reduced_odds: string };
  stake_min?: MoneyText | null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The patterns a rule can trigger on, each a one-word option. */
const PATTERNS: ReadonlySet<string> = new Set(['leopard', 'pair', 'straight']);

/** The room's special rules, or [] when the rules carry none or are malformed. */
export function specialRules(rules: unknown): SpecialRule[] {
  if (!isRecord(rules) || !Array.isArray(rules.special_rules)) return [];
  return rules.special_rules.filter((rule): rule is SpecialRule => {
    if (!isRecord(rule) || !Array.isArray(rule.options)) return false;
    return (
      rule.action === 'refund' ||
      (isRecord(rule.action) && typeof rule.action.reduced_odds === 'string')
    );
  });
}

const list = (items: readonly string[]): string => items.join(', ');

/** A special rule in words: "When the sum is 13 or 14: Big, Small, Odd, Even pay 1.6". */
export function describeRule(rule: SpecialRule, t: Translate): string {
  const when = [
    ...(rule.sums ?? []).map((sum) => String(sum)),
    ...(rule.patterns ?? []).map((pattern) =>
      PATTERNS.has(pattern) ? t(optionWordKey(pattern as OptionWord, 'yn28')) : pattern,
    ),
  ];
  const options = list(rule.options.map((option) => optionLabel('yn28', option, t)));
  const action =
    rule.action === 'refund'
      ? t('yn28_rule_refund', { options })
      : t('yn28_rule_reduced', { options, odds: rule.action.reduced_odds });
  const stake =
    rule.stake_min === undefined || rule.stake_min === null
      ? ''
      : ` ${t('yn28_rule_stake', { amount: rule.stake_min })}`;
  return `${t('yn28_rule_when', { when: list(when) })} ${action}${stake}`;
}
