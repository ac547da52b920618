// How much of a product is taken: the part players bought and the part the operator reserves,
// drawn and labelled apart (the reserved part is never counted as purchased), and what is left.
import type { ProductCard } from '@/features/finance/api/products';
import styles from '@/features/finance/parts/goods.module.css';
import { percent, widthOf } from '@/features/finance/parts/product-text';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

type Props = Pick<ProductCard, 'purchased_percent' | 'reserved_percent' | 'remaining'>;

export function ProductProgress({ purchased_percent, reserved_percent, remaining }: Props) {
  const { t } = useI18n();
  return (
    <div className={styles.progress}>
      {/* The legend below says the same in words. */}
      <div className={styles.bar} aria-hidden="true">
        <span className={styles.barPurchased} style={{ width: widthOf(purchased_percent) }} />
        <span className={styles.barReserved} style={{ width: widthOf(reserved_percent) }} />
      </div>
      <ul className={styles.legend}>
        <li data-testid="progress-purchased">
          <span className={`${styles.swatch} ${styles.barPurchased}`} aria-hidden="true" />
          {t('goods_progress_purchased', { percent: percent(purchased_percent) })}
        </li>
        <li data-testid="progress-reserved">
          <span className={`${styles.swatch} ${styles.barReserved}`} aria-hidden="true" />
          {t('goods_progress_reserved', { percent: percent(reserved_percent) })}
        </li>
        <li className={styles.legendRemaining} data-testid="progress-remaining">
          {t('goods_progress_remaining', { amount: formatMoney(remaining) })}
        </li>
      </ul>
    </div>
  );
}
