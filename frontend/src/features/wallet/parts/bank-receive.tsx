// The operator's bank account a deposit is paid to: each detail the player types into his
// banking app, with a copy button of its own.
import { CopyIcon } from '@/components/icons-extra';
import type { ReceivingAccount } from '@/features/wallet/api/recharge-options';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { copyText } from '@/lib/copy-text';
import { toast } from '@/lib/notify';

const FIELDS: readonly { field: 'bank' | 'branch' | 'holder' | 'number'; key: MessageKey }[] = [
  { field: 'bank', key: 'account_bank' },
  { field: 'branch', key: 'account_branch' },
  { field: 'holder', key: 'account_holder' },
  { field: 'number', key: 'account_number' },
];

export function BankReceive({ account }: { account: ReceivingAccount }) {
  const { t } = useI18n();
  const copy = async (value: string) => {
    const ok = await copyText(value);
    toast(ok ? t('copied') : t('copy_failed'), ok ? 'success' : 'error');
  };
  return (
    <section
      className={`card ${styles.bankReceive}`}
      aria-label={t('receiving_account_title')}
      data-testid="bank-account"
    >
      <h2>{t('receiving_account_title')}</h2>
      <dl>
        {FIELDS.filter(({ field }) => account[field] !== '').map(({ field, key }) => (
          <div key={field} className={styles.bankField}>
            <dt>{t(key)}</dt>
            <dd>
              <span data-testid={`bank-account-${field}`}>{account[field]}</span>
              <button
                type="button"
                className={styles.copyButton}
                aria-label={t('copy_field', { field: t(key) })}
                onClick={() => void copy(account[field])}
              >
                <CopyIcon size={16} />
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.receiveNote}>{t('deposit_bank_note')}</p>
    </section>
  );
}
