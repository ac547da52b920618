// pages/lc/goodorder — Project Order: the player's product orders, newest first; at ?id=N one
// order with its whole schedule (each instalment's due time, amounts, and when it was paid).
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Empty } from '@/components/empty';
import { Section } from '@/components/form';
import { BagIcon } from '@/components/icons-extra';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import {
  useProductOrder,
  useProductOrders,
  type ProductOrder,
  type ProductOrderDetail,
} from '@/features/finance/api/product-orders';
import styles from '@/features/finance/parts/goods.module.css';
import { isMissing } from '@/features/finance/parts/missing';
import { OrderCard, OrderRows } from '@/features/finance/parts/order-card';
import { ProductPicture } from '@/features/finance/parts/product-picture';
import {
  idOf,
  orderStateLabel,
  productPath,
  yieldTypeLabel,
} from '@/features/finance/parts/product-text';
import { ScheduleTable } from '@/features/finance/parts/schedule-table';
import { useI18n } from '@/i18n/i18n';
import { formatMoney, fromMinor, minorOr0 } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  return raw === null ? <OrderList /> : <OrderPage id={idOf(raw)} />;
}

function OrderList() {
  const { t } = useI18n();
  const query = useProductOrders();
  return (
    <main className="page">
      <PageHeader title={t('goods_order_title')} back fallback={ROUTES.goodList} />
      <div className="page-body">
        <InfiniteList
          query={query}
          label={t('goods_order_title')}
          keyOf={(order: ProductOrder) => order.id}
          emptyTitle={t('goods_orders_empty_title')}
          emptyText={t('goods_orders_empty_text')}
          emptyAction={<LinkButton to={ROUTES.goodList}>{t('goods_title')}</LinkButton>}
          render={(order) => <OrderCard order={order} />}
        />
        <LinkButton to={ROUTES.goodLog} variant="secondary" block>
          {t('goods_log_title')}
        </LinkButton>
      </div>
    </main>
  );
}

function OrderPage({ id }: { id: number | null }) {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('goods_order_title')} back fallback={ROUTES.goodOrder} />
      <div className="page-body">{id === null ? <Missing /> : <OrderById id={id} />}</div>
    </main>
  );
}

function OrderById({ id }: { id: number }) {
  const query = useProductOrder(id);
  if (isMissing(query.error)) return <Missing />;
  return (
    <LoadingGate queries={[query]} ready={query.data !== undefined}>
      {() => (query.data === undefined ? null : <OrderView order={query.data} />)}
    </LoadingGate>
  );
}

function OrderView({ order }: { order: ProductOrderDetail }) {
  const { t } = useI18n();
  const sum = (pick: (row: ProductOrderDetail['schedule'][number]) => string) =>
    fromMinor(order.schedule.reduce((total, row) => total + minorOr0(pick(row)), 0n));
  return (
    <>
      <section className={`card ${styles.card}`} data-testid="goods-order-detail">
        <div className={styles.head}>
          <ProductPicture src={order.picture} name={order.product_name} large />
          <div className={styles.headText}>
            <h2 className={styles.name}>{order.product_name}</h2>
            <Badge tone={order.state === 'completed' ? 'muted' : 'ok'}>
              {orderStateLabel(order.state, t)}
            </Badge>
          </div>
        </div>
        <OrderRows order={order} />
        <Rows
          rows={[
            { label: t('goods_order_id'), value: `#${order.id}` },
            { label: t('goods_units_label'), value: order.units },
            { label: t('goods_yield_type'), value: yieldTypeLabel(order.yield_type, t) },
            { label: t('goods_principal_paid'), value: formatMoney(order.paid_principal) },
          ]}
        />
      </section>
      <Section title={t('goods_schedule')}>
        <ScheduleTable
          label={t('goods_schedule')}
          rows={order.schedule}
          totals={{
            interest: sum((row) => row.interest),
            principal: sum((row) => row.principal),
            amount: sum((row) => row.amount),
          }}
          paid
          testId="goods-order-schedule"
        />
      </Section>
      <LinkButton to={productPath(order.product_id)} variant="secondary" block>
        {t('goods_detail_title')}
      </LinkButton>
    </>
  );
}

function Missing() {
  const { t } = useI18n();
  return (
    <Empty
      icon={<BagIcon size={38} />}
      title={t('goods_order_not_found_title')}
      text={t('goods_order_not_found_text')}
      action={
        <LinkButton to={ROUTES.goodOrder} replace>
          {t('goods_order_title')}
        </LinkButton>
      }
    />
  );
}
