// pages/yn28/info/investmentrecord — the player's investments: product orders (each opening
// pages/lc/goodorder?id=) and, on the second tab, the savings moves and interest of Yu E Bao.
// The page lives with the products and savings it lists; the account overview links here.
import { useState } from 'react';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { PageHeader } from '@/components/page-header';
import { useProductOrders, type ProductOrder } from '@/features/finance/api/product-orders';
import { useSavingsLog, type SavingsRecord } from '@/features/finance/api/savings';
import { OrderCard } from '@/features/finance/parts/order-card';
import { SavingsRecordCard } from '@/features/finance/parts/savings-record';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

type Tab = 'invest' | 'savings';

export function Component() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('invest');
  return (
    <main className="page">
      <PageHeader title={t('investment_records_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <Chips
          segmented
          label={t('filter_account')}
          value={tab}
          onChange={setTab}
          choices={[
            { value: 'invest' as const, label: t('account_invest') },
            { value: 'savings' as const, label: t('account_savings') },
          ]}
        />
        {tab === 'invest' ? <Orders /> : <Savings />}
      </div>
    </main>
  );
}

function Orders() {
  const { t } = useI18n();
  const query = useProductOrders();
  return (
    <InfiniteList
      query={query}
      label={t('account_invest')}
      keyOf={(order: ProductOrder) => order.id}
      emptyTitle={t('investment_records_empty_title')}
      emptyText={t('investment_records_empty_text')}
      emptyAction={<LinkButton to={ROUTES.goodList}>{t('goods_title')}</LinkButton>}
      render={(order) => <OrderCard order={order} />}
    />
  );
}

function Savings() {
  const { t } = useI18n();
  const query = useSavingsLog();
  return (
    <>
      <InfiniteList
        query={query}
        label={t('account_savings')}
        keyOf={(record: SavingsRecord) => record.id}
        emptyTitle={t('savings_records_empty_title')}
        emptyText={t('savings_records_empty_text')}
        render={(record) => <SavingsRecordCard record={record} />}
      />
      <LinkButton to={ROUTES.yuebao} variant="secondary" block>
        {t('yuebao_title')}
      </LinkButton>
    </>
  );
}
