// One of the player's claims in the record: amount, when, the envelope and a link to its claims.
import { Link } from 'react-router';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import type { ClaimRecord } from '@/features/growth/envelopes/api/envelope-records';
import styles from '@/features/growth/envelopes/parts/envelope.module.css';
import { envelopePath } from '@/features/growth/envelopes/parts/envelope-path';
import { LuckiestMark } from '@/features/growth/envelopes/parts/luckiest-mark';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

export function ClaimRecordCard({ record }: { record: ClaimRecord }) {
  const { t } = useI18n();
  return (
    <article className={styles.entry} data-testid="envelope-record">
      <div className={styles.entryHead}>
        <strong className={styles.entryAmount}>+{formatMoney(record.amount)}</strong>
        {record.luckiest ? <LuckiestMark /> : null}
      </div>
      <Rows
        rows={[
          { label: t('envelope_claimed_at'), value: <When at={record.claimed_at} /> },
          {
            label: t('envelope_total'),
            value: t('envelope_total_in_shares', {
              total: formatMoney(record.total),
              quantity: record.quantity,
            }),
          },
          {
            label: t('envelope_mode'),
            value: record.mode === 'random' ? t('envelope_mode_random') : t('envelope_mode_fixed'),
          },
          {
            label: t('envelope_detail_title'),
            value: (
              <Link to={envelopePath(record.envelope_id)}>
                {t('envelope_view_detail')} #{record.envelope_id}
              </Link>
            ),
          },
        ]}
      />
    </article>
  );
}
