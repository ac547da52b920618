// pages/yn28/info/investmentrecord — the player's investment account (product purchases,
// payouts, returns) and savings account (Yu E Bao), each a tab over its postings from
// api/personal/accountchangerecord. No product or savings page exists yet, so the empty
// states link nowhere.
import { useState } from 'react';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { When } from '@/components/when';
import { useAccountChanges, type ChangeRecord } from '@/features/wallet/api/account-changes';
import { entryKindLabel } from '@/features/wallet/parts/entry-kinds';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { formatMoney, signOf } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

type Tab = 'invest' | 'savings';

const TABS: Record<Tab, { label: MessageKey; emptyTitle: MessageKey; emptyText: MessageKey }> = {
  invest: { label: 'account_invest', emptyTitle: 'investment_records_empty_title', emptyText: 'investment_records_empty_text' },
  savings: { label: 'account_savings', emptyTitle: 'savings_records_empty_title', emptyText: 'savings_records_empty_text' },
};

export function Component() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('invest');
  const query = useAccountChanges({ account: tab, kind: '' });

  return (
    <main className="page">
      <PageHeader title={t('investment_records_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <Chips
          segmented
          label={t('filter_account')}
          value={tab}
          onChange={setTab}
          choices={(['invest', 'savings'] as const).map((value) => ({ value, label: t(TABS[value].label) }))}
        />
        <InfiniteList
          query={query}
          label={t(TABS[tab].label)}
          keyOf={(record: ChangeRecord) => record.id}
          emptyTitle={t(TABS[tab].emptyTitle)}
          emptyText={t(TABS[tab].emptyText)}
          render={(record) => {
            const sign = signOf(record.amount);
            return (
              <article className={styles.record} data-testid="investment-record">
                <div className={styles.recordHead}>
                  <span className={styles.recordTitle}>{entryKindLabel(record.kind, t)}</span>
                  <span className={styles.recordAmount} data-sign={sign}>
                    {sign > 0 ? '+' : ''}
                    {formatMoney(record.amount)}
                  </span>
                </div>
                <div className={styles.recordMeta}>
                  <span>
                    {t('balance_after')}: <Money value={record.balance_after} />
                  </span>
                  <When at={record.created_at} />
                </div>
              </article>
            );
          }}
        />
      </div>
    </main>
  );
}
