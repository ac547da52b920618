// One claimed envelope: its totals, then every claim (phones masked) with the luckiest marked.
import { DataTable } from '@/components/data-table';
import { Section } from '@/components/form';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import type {
  EnvelopeDetail,
  EnvelopeState,
} from '@/features/growth/envelopes/api/envelope-detail';
import styles from '@/features/growth/envelopes/parts/envelope.module.css';
import { LuckiestMark } from '@/features/growth/envelopes/parts/luckiest-mark';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

const STATE_KEYS: Record<EnvelopeState, MessageKey> = {
  live: 'envelope_state_live',
  finished: 'envelope_state_finished',
  expired: 'envelope_state_expired',
  withdrawn: 'envelope_state_withdrawn',
};

export function EnvelopeDetailView({ envelope }: { envelope: EnvelopeDetail }) {
  const { t } = useI18n();
  return (
    <>
      <Section>
        <Rows
          rows={[
            { label: t('envelope_total'), value: formatMoney(envelope.total), strong: true },
            {
              label: t('envelope_claimed_shares'),
              value: `${envelope.claimed_count}/${envelope.quantity}`,
              testId: 'envelope-claimed-count',
            },
            { label: t('envelope_claimed_amount'), value: formatMoney(envelope.claimed_amount) },
            {
              label: t('envelope_mode'),
              value:
                envelope.mode === 'random' ? t('envelope_mode_random') : t('envelope_mode_fixed'),
            },
            { label: t('envelope_state'), value: t(STATE_KEYS[envelope.state]) },
            // A time ahead: the exact time (relative labels speak of the past).
            {
              label: t('envelope_expires_at'),
              value: formatDateTime(envelope.expires_at),
              testId: 'envelope-expires-at',
            },
          ]}
        />
      </Section>
      <Section title={t('envelope_claims')}>
        <DataTable label={t('envelope_claims')} testId="envelope-claims">
          <thead>
            <tr>
              <th scope="col">{t('envelope_player')}</th>
              <th scope="col" data-align="end">
                {t('envelope_amount')}
              </th>
              <th scope="col" data-align="end">
                {t('envelope_claimed_at')}
              </th>
            </tr>
          </thead>
          <tbody>
            {envelope.claims.map((claim, index) => (
              <tr key={`${claim.phone}-${index}`} data-testid="envelope-claim">
                <td className={claim.mine ? styles.mine : undefined}>
                  {claim.mine ? t('envelope_you', { phone: claim.phone }) : claim.phone}
                  {claim.luckiest ? (
                    <>
                      {' '}
                      <LuckiestMark />
                    </>
                  ) : null}
                </td>
                <td data-align="end">{formatMoney(claim.amount)}</td>
                <td data-align="end">
                  <When at={claim.claimed_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Section>
    </>
  );
}
