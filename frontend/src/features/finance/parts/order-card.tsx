// One product order in a list: what was bought, when, how far its payouts are; opens the order.
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Money } from '@/components/money';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import type { ProductOrder } from '@/features/finance/api/product-orders';
import styles from '@/features/finance/parts/goods.module.css';
import { ProductPicture } from '@/features/finance/parts/product-picture';
import {
  formatMinute,
  fraction,
  orderPath,
  orderStateLabel,
} from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

export function OrderCard({ order }: { order: ProductOrder }) {
  const { t } = useI18n();
  return (
    <article className={styles.entry} data-testid="goods-order">
      <div className={styles.head}>
        <ProductPicture src={order.picture} name={order.product_name} />
        <div className={styles.headText}>
          <h2 className={styles.name}>
            <Link to={orderPath(order.id)} className={styles.cardLink}>
              {order.product_name}
            </Link>
          </h2>
          <Badge tone={order.state === 'completed' ? 'muted' : 'ok'}>
            {orderStateLabel(order.state, t)}
          </Badge>
        </div>
      </div>
      <OrderRows order={order} />
    </article>
  );
}

/** The figures of an order shared by its card and its page. */
export function OrderRows({ order }: { order: ProductOrder }) {
  const { t } = useI18n();
  return (
    <Rows
      rows={[
        { label: t('goods_amount'), value: <Money value={order.amount} />, strong: true },
        { label: t('goods_order_created'), value: <When at={order.created_at} /> },
        {
          label: t('goods_interest_paid'),
          value: `${formatMoney(order.paid_interest)} / ${formatMoney(order.total_interest)}`,
          testId: 'order-interest',
        },
        {
          label: t('goods_instalments_paid'),
          value: fraction(order.instalments_paid, order.instalments),
          testId: 'order-instalments',
        },
        {
          label: t('goods_next_due'),
          value: order.next_due_at === null ? '—' : formatMinute(order.next_due_at),
        },
      ]}
    />
  );
}
