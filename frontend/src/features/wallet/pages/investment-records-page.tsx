// pages/yn28/info/investmentrecord — the player's investment account (product purchases,
// payouts, returns) and savings account (Yu E Bao), each a tab over its postings from
// api/personal/accountchangerecord. The savings moves and interest also list on
// pages/lc/yuebaolog; no product page exists yet.
import { useState } from 'react';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import { useAccountChanges, type ChangeRecord } from '@/features/wallet/api/account-changes';
import { ChangeRecordCard } from '@/features/wallet/parts/change-record';
import { entryKindLabel } from '@/features/wallet/parts/entry-kinds';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

type Tab = 'invest' | 'savings';

const TABS: Record<Tab, { label: MessageKey; emptyTitle: MessageKey; emptyText: MessageKey }> = {
  invest: {
    label: 'account_invest',
    emptyTitle: 'investment_records_empty_title',
    emptyText: 'investment_records_empty_text',
  },
  savings: {
    label: 'account_savings',
    emptyTitle: 'savings_records_empty_title',
    emptyText: 'savings_records_empty_text',
  },
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
          choices={(['invest', 'savings'] as const).map((value) => ({
            value,
            label: t(TABS[value].label),
          }))}
        />
        <InfiniteList
          query={query}
          label={t(TABS[tab].label)}
          keyOf={(record: ChangeRecord) => record.id}
          emptyTitle={t(TABS[tab].emptyTitle)}
          emptyText={t(TABS[tab].emptyText)}
          render={(record) => (
            <ChangeRecordCard
              record={record}
              title={entryKindLabel(record.kind, t)}
              testId="investment-record"
            />
          )}
        />
      </div>
    </main>
  );
}
