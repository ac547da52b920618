import { Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { Rows } from '@/components/rows';
import type { BankCard } from '@/features/wallet/api/payout-accounts';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { formatDate } from '@/lib/time';

/** The linked bank card, drawn as a card with its number masked, and its details. */
export function CardView({ card }: { card: BankCard }) {
  const { t } = useI18n();
  const details = [
    { label: t('field_ifsc'), value: card.ifsc },
    { label: t('field_bank_address'), value: card.bank_address },
    { label: t('field_bank_phone'), value: card.phone },
    { label: t('field_remark'), value: card.remark },
  ].filter((row) => row.value !== '');
  return (
    <>
      <section className={styles.bankCard} aria-label={t('bank_card')} data-testid="bank-card">
        <span className={styles.bankName}>{card.bank_name}</span>
        <span className={styles.cardNumber} data-testid="bank-card-number">
          {card.card_no}
        </span>
        <span className={styles.cardHolder}>{card.holder}</span>
      </section>
      <Section>
        <Rows rows={[...details, { label: t('linked_on'), value: formatDate(card.created_at) }]} />
      </Section>
      <Notice>{t('bank_card_locked')}</Notice>
    </>
  );
}
