// pages/lc/gooddetail?id=N — Project Details: every figure of one product, its description, the
// investment amount with the payout schedule the server computes for it, and the purchase.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Empty } from '@/components/empty';
import { Section } from '@/components/form';
import { BagIcon, CheckCircleIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { ResultView } from '@/components/result-view';
import { Rows } from '@/components/rows';
import type { BuyResult } from '@/features/finance/api/buy-product';
import { useProduct, type ProductDetail } from '@/features/finance/api/products';
import { BuyForm } from '@/features/finance/parts/buy-form';
import styles from '@/features/finance/parts/goods.module.css';
import { isMissing } from '@/features/finance/parts/missing';
import { ProductPicture } from '@/features/finance/parts/product-picture';
import { ProductProgress } from '@/features/finance/parts/product-progress';
import {
  cycleLabel,
  formatMinute,
  idOf,
  orderPath,
  percent,
  stateLabel,
  stateTone,
  yieldTypeLabel,
} from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import type { MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <main className="page">
      <PageHeader title={t('goods_detail_title')} back fallback={ROUTES.goodList} />
      <div className="page-body">{id === null ? <Missing /> : <ProductById id={id} />}</div>
    </main>
  );
}

type Bought = BuyResult & { amount: MoneyText };

function ProductById({ id }: { id: number }) {
  const query = useProduct(id);
  const [bought, setBought] = useState<Bought | null>(null);

  // An unknown or withdrawn product is an error envelope (or HTTP 404), not a failure to load.
  if (isMissing(query.error)) return <Missing />;
  return (
    <LoadingGate queries={[query]} ready={query.data !== undefined}>
      {() =>
        query.data === undefined ? null : bought === null ? (
          <ProductView
            product={query.data}
            onBought={(result, amount) => setBought({ ...result, amount })}
          />
        ) : (
          <BuyDone product={query.data} bought={bought} />
        )
      }
    </LoadingGate>
  );
}

export function ProductView({
  product,
  onBought,
}: {
  product: ProductDetail;
  onBought: (result: BuyResult, amount: MoneyText) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <section className={`card ${styles.card}`}>
        <div className={styles.head}>
          <ProductPicture src={product.picture} name={product.name} large />
          <div className={styles.headText}>
            <h2 className={styles.name}>{product.name}</h2>
            <Badge tone={stateTone(product.state)}>{stateLabel(product.state, t)}</Badge>
          </div>
        </div>
        <ProductProgress {...product} />
      </section>
      <Section title={t('goods_terms')}>
        <Rows
          rows={[
            { label: t('goods_unit_price'), value: <Money value={product.unit_price} /> },
            { label: t('goods_total'), value: <Money value={product.total} /> },
            {
              label: t('goods_purchased'),
              value: <Money value={product.purchased} />,
              testId: 'goods-purchased',
            },
            {
              label: t('goods_reserved'),
              value: <Money value={product.reserved} />,
              testId: 'goods-reserved',
            },
            { label: t('goods_remaining'), value: <Money value={product.remaining} /> },
            { label: t('goods_min_purchase'), value: <Money value={product.min_purchase} /> },
            { label: t('goods_max_purchase'), value: <Money value={product.max_purchase} /> },
            { label: t('goods_rate'), value: percent(product.rate), strong: true },
            { label: t('goods_rate_per_cycle'), value: percent(product.rate_per_cycle) },
            { label: t('goods_total_yield'), value: percent(product.total_yield) },
            { label: t('goods_yield_type'), value: yieldTypeLabel(product.yield_type, t) },
            {
              label: t('goods_cycle'),
              value: cycleLabel(product.cycle_unit, product.cycle_length, t),
            },
            { label: t('goods_payouts'), value: product.payouts },
            {
              label: t('goods_payout_time'),
              value:
                product.payout_time === null ? '—' : `${product.payout_time} (${product.timezone})`,
            },
            { label: t('goods_start_at'), value: formatMinute(product.start_at) },
            { label: t('goods_end_at'), value: formatMinute(product.end_at) },
            { label: t('goods_state'), value: stateLabel(product.state, t) },
          ]}
        />
      </Section>
      {product.description.trim() === '' ? null : (
        <Section title={t('goods_description')}>
          <p className={styles.description}>{product.description}</p>
        </Section>
      )}
      <BuyForm product={product} onBought={onBought} />
    </>
  );
}

function BuyDone({ product, bought }: { product: ProductDetail; bought: Bought }) {
  const { t } = useI18n();
  return (
    <ResultView
      icon={<CheckCircleIcon size={44} />}
      title={t('goods_buy_done_title')}
      text={t('goods_buy_done_text')}
      actions={
        <>
          <LinkButton to={orderPath(bought.order_id)} replace block>
            {t('goods_view_order')}
          </LinkButton>
          <LinkButton to={ROUTES.goodList} replace block variant="ghost">
            {t('goods_title')}
          </LinkButton>
        </>
      }
    >
      <Rows
        rows={[
          { label: t('goods_product'), value: product.name },
          { label: t('goods_amount'), value: <Money value={bought.amount} />, strong: true },
          { label: t('goods_order_id'), value: `#${bought.order_id}` },
          { label: t('balance'), value: <Money value={bought.balance} /> },
        ]}
      />
    </ResultView>
  );
}

function Missing() {
  const { t } = useI18n();
  return (
    <Empty
      icon={<BagIcon size={38} />}
      title={t('goods_not_found_title')}
      text={t('goods_not_found_text')}
      action={
        <LinkButton to={ROUTES.goodList} replace>
          {t('goods_title')}
        </LinkButton>
      }
    />
  );
}
