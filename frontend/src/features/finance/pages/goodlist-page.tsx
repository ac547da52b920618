// pages/lc/goodlist — Products: category tabs and a card per product (state, yield, cycle,
// minimum, and the purchased and reserved parts of its capacity); a card opens its details.
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { BagIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Empty } from '@/components/empty';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useProducts, type ProductCard } from '@/features/finance/api/products';
import { CategoryTabs } from '@/features/finance/parts/category-tabs';
import styles from '@/features/finance/parts/goods.module.css';
import { ProductPicture } from '@/features/finance/parts/product-picture';
import { ProductProgress } from '@/features/finance/parts/product-progress';
import {
  cycleLabel,
  percent,
  productPath,
  stateLabel,
  stateTone,
} from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const products = useProducts(category);
  const choose = (code: string) =>
    setParams(code === '' ? {} : { category: code }, { replace: true });

  return (
    <main className="page">
      <PageHeader title={t('goods_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[products]} ready={products.data !== undefined}>
          {() => (
            <>
              <CategoryTabs
                label={t('goods_categories')}
                allLabel={t('goods_all')}
                categories={products.data!.categories}
                value={category}
                onChange={choose}
              />
              <ProductList products={products.data!.products} busy={products.isPlaceholderData} />
            </>
          )}
        </LoadingGate>
        <LinkButton to={ROUTES.goodOrder} variant="secondary" block>
          {t('goods_order_title')}
        </LinkButton>
      </div>
    </main>
  );
}

function ProductList({ products, busy }: { products: readonly ProductCard[]; busy: boolean }) {
  const { t } = useI18n();
  if (products.length === 0)
    return (
      <Empty
        icon={<BagIcon size={38} />}
        title={t('goods_empty_title')}
        text={t('goods_empty_text')}
      />
    );
  return (
    <ul className={styles.list} aria-label={t('goods_title')} aria-busy={busy || undefined}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCardView product={product} />
        </li>
      ))}
    </ul>
  );
}

function ProductCardView({ product }: { product: ProductCard }) {
  const { t } = useI18n();
  return (
    <article className={`card ${styles.card}`} data-testid="goods-product">
      <div className={styles.head}>
        <ProductPicture src={product.picture} name={product.name} />
        <div className={styles.headText}>
          <h2 className={styles.name}>
            <Link to={productPath(product.id)} className={styles.cardLink}>
              {product.name}
            </Link>
          </h2>
          <Badge tone={stateTone(product.state)}>{stateLabel(product.state, t)}</Badge>
        </div>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{t('goods_rate')}</dt>
          <dd className={styles.rate}>{percent(product.rate)}</dd>
        </div>
        <div>
          <dt>{t('goods_cycle')}</dt>
          <dd>{cycleLabel(product.cycle_unit, product.cycle_length, t)}</dd>
        </div>
        <div>
          <dt>{t('goods_min_purchase')}</dt>
          <dd>
            <Money value={product.min_purchase} />
          </dd>
        </div>
      </dl>
      <ProductProgress {...product} />
    </article>
  );
}
