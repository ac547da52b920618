// pages/yn28/info/accountchangerecords and pages/mine/account/bill — every posting on the
// player's accounts, filtered by account and kind.
import { useState } from 'react';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { PageHeader } from '@/components/page-header';
import {
  ACCOUNT_KINDS,
  ENTRY_KINDS,
  useAccountChanges,
  type ChangeFilter,
  type ChangeRecord,
} from '@/features/wallet/api/account-changes';
import { ChangeRecordCard } from '@/features/wallet/parts/change-record';
import { entryKindLabel } from '@/features/wallet/parts/entry-kinds';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

const ACCOUNT_KEYS: Record<string, MessageKey> = {
  wallet: 'account_wallet',
  game: 'account_game',
  frozen: 'account_frozen',
  savings: 'account_savings',
  invest: 'account_invest',
};

export function Component() {
  const { t } = useI18n();
  const [filter, setFilter] = useState<ChangeFilter>({ account: '', kind: '' });
  const query = useAccountChanges(filter);
  const kindLabel = (kind: string) => entryKindLabel(kind, t);
  const accountLabel = (account: string) =>
    ACCOUNT_KEYS[account] === undefined ? account : t(ACCOUNT_KEYS[account]);

  return (
    <main className="page">
      <PageHeader title={t('account_changes_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <div className={styles.filters}>
          <Chips
            label={t('filter_account')}
            value={filter.account}
            onChange={(account) => setFilter((current) => ({ ...current, account }))}
            choices={[
              { value: '' as const, label: t('filter_all_accounts') },
              ...ACCOUNT_KINDS.map((value) => ({ value, label: accountLabel(value) })),
            ]}
          />
          <Chips
            label={t('filter_kind')}
            value={filter.kind}
            onChange={(kind) => setFilter((current) => ({ ...current, kind }))}
            choices={[
              { value: '' as const, label: t('filter_all_kinds') },
              ...ENTRY_KINDS.map((value) => ({ value, label: kindLabel(value) })),
            ]}
          />
        </div>
        <InfiniteList
          query={query}
          label={t('account_changes_title')}
          keyOf={(record: ChangeRecord) => record.id}
          emptyTitle={t('records_empty')}
          emptyText={t('account_changes_empty_text')}
          render={(record) => (
            <ChangeRecordCard
              record={record}
              testId="change-record"
              title={
                <>
                  {kindLabel(record.kind)} ·{' '}
                  <span style={{ color: 'var(--muted)', fontWeight: 500 }}>
                    {accountLabel(record.account)}
                  </span>
                </>
              }
            >
              {record.reference === '' && record.memo === '' ? null : (
                <div className={styles.recordMeta}>
                  <span>
                    {t('record_reference')}: {record.reference}
                  </span>
                  <span>{record.memo}</span>
                </div>
              )}
            </ChangeRecordCard>
          )}
        />
      </div>
    </main>
  );
}
