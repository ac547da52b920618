// The first-deposit bonus above the deposit form on pages/first-storage/index (the app puts it
// there through the wallet's deposit banner slot): the tiers, and whether the player's next
// approved deposit still counts as his first, or the bonus he got and how much of it play has
// released to his balance.
import { Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { useFirstDeposit } from '@/features/growth/bonus/api/first-deposit';
import { TierTable } from '@/features/growth/bonus/parts/tier-table';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

export default function FirstDepositRules() {
  const { t } = useI18n();
  const state = useFirstDeposit();
  if (state.data === undefined) return null;
  const { tiers, eligible, bonus } = state.data;
  return (
    <div data-testid="first-deposit-rules">
      <Section title={t('bonus_first_title')}>
        {bonus !== null ? (
          <Notice title={t('bonus_first_paid_title')}>
            <p>{t('bonus_first_paid_text', { amount: formatMoney(bonus.amount) })}</p>
            <p data-testid="first-deposit-released">
              {t('bonus_released_of', {
                released: formatMoney(bonus.released),
                amount: formatMoney(bonus.amount),
              })}
            </p>
          </Notice>
        ) : eligible ? (
          <Notice title={t('bonus_first_eligible_title')}>
            {t('bonus_first_eligible_text', { amount: formatMoney(tiers[0]?.min_amount ?? '0') })}
          </Notice>
        ) : (
          <Notice tone="warn" title={t('bonus_first_used_title')}>
            {t('bonus_first_used_text')}
          </Notice>
        )}
        {tiers.length > 0 ? <TierTable tiers={tiers} label={t('bonus_first_tiers')} /> : null}
      </Section>
    </div>
  );
}
