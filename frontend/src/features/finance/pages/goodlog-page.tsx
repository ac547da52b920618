// pages/lc/goodlog — Project Benefits: every payout made on the player's orders, newest first.
import { Link } from 'react-router';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { When } from '@/components/when';
import { useProductBenefits, type ProductBenefit } from '@/features/finance/api/product-benefits';
import styles from '@/features/finance/parts/goods.module.css';
import { fraction, orderPath } from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const query = useProductBenefits();
  return (
    <main className="page">
      <PageHeader title={t('goods_log_title')} back fallback={ROUTES.goodOrder} />
      <div className="page-body">
        <InfiniteList
          query={query}
          label={t('goods_log_title')}
          keyOf={(benefit: ProductBenefit) => `${benefit.order_id}-${benefit.instalment}`}
          emptyTitle={t('goods_log_empty_title')}
          emptyText={t('goods_log_empty_text')}
          emptyAction={<LinkButton to={ROUTES.goodList}>{t('goods_title')}</LinkButton>}
          render={(benefit) => <BenefitCard benefit={benefit} />}
        />
      </div>
    </main>
  );
}

function BenefitCard({ benefit }: { benefit: ProductBenefit }) {
  const { t } = useI18n();
  return (
    <article className={styles.entry} data-testid="goods-benefit">
      <h2 className={styles.name}>{benefit.product_name}</h2>
      <Rows
        rows={[
          {
            label: t('goods_payout_amount'),
            value: `+${formatMoney(benefit.amount)}`,
            strong: true,
          },
          { label: t('goods_interest'), value: formatMoney(benefit.interest) },
          { label: t('goods_principal'), value: formatMoney(benefit.principal) },
          {
            label: t('goods_instalment'),
            value: fraction(benefit.instalment, benefit.instalments),
          },
          {
            label: t('goods_order_id'),
            value: <Link to={orderPath(benefit.order_id)}>#{benefit.order_id}</Link>,
          },
          { label: t('goods_paid_at'), value: <When at={benefit.paid_at} /> },
        ]}
      />
    </article>
  );
}
