// The player's deposit bonuses still in reserve, on the wallet's account and withdrawal pages
// (the app puts it there through the wallet's bonus slot): what waits for play, what has reached
// his balance, how far the release has come, and at most how much more settled play frees it.
// Nothing while loading, on failure, or with nothing pending.
import { useId } from 'react';
import { Money } from '@/components/money';
import { useBonusPending, type BonusPending } from '@/features/growth/bonus/api/bonus-pending';
import styles from '@/features/growth/bonus/parts/bonus.module.css';
import { progressPercent } from '@/features/growth/vip/parts/rates';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, fromMinor, minorOr0 } from '@/lib/money';

export function BonusPendingCard() {
  const pending = useBonusPending();
  if (pending.data === undefined || minorOr0(pending.data.pending) <= 0n) return null;
  return <BonusPendingView bonus={pending.data} />;
}

export function BonusPendingView({ bonus }: { bonus: BonusPending }) {
  const { t } = useI18n();
  const headingId = useId();
  const released = fromMinor(minorOr0(bonus.released));
  const total = fromMinor(minorOr0(bonus.released) + minorOr0(bonus.pending));
  const percent = progressPercent(released, total);
  return (
    <section className="panel" aria-labelledby={headingId} data-testid="bonus-pending">
      <h2 id={headingId}>{t('bonus_pending_title')}</h2>
      <div className={styles.amounts}>
        <div className={styles.amount}>
          <span>{t('bonus_pending_amount')}</span>
          <strong className={styles.pending} data-testid="bonus-pending-amount">
            <Money value={bonus.pending} />
          </strong>
        </div>
        <div className={styles.amount}>
          <span>{t('bonus_released')}</span>
          <strong data-testid="bonus-released-amount">
            <Money value={released} />
          </strong>
        </div>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('bonus_pending_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('bonus_pending_progress_value', {
          percent,
          released: formatMoney(released),
          total: formatMoney(total),
        })}
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.text}>{t('bonus_pending_text')}</p>
      {bonus.stake_at_most === null ? null : (
        <p className={styles.text} data-testid="bonus-stake-at-most">
          {t('bonus_pending_stake_at_most', { stake: formatMoney(bonus.stake_at_most) })}
        </p>
      )}
    </section>
  );
}
