// The investment amount of a product (whole units of its unit price, with one-unit steps), the
// payout schedule the server computes for it, and the Buy button (which shows the product's
// state instead while it is not on sale).
import { useState } from 'react';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { MinusIcon, PlusIcon } from '@/components/icons-extra';
import { TextField } from '@/components/text-field';
import type { BuyResult } from '@/features/finance/api/buy-product';
import { useProductSchedule } from '@/features/finance/api/product-schedule';
import type { ProductCard } from '@/features/finance/api/products';
import { BuyDialog } from '@/features/finance/parts/buy-dialog';
import styles from '@/features/finance/parts/goods.module.css';
import { stateLabel } from '@/features/finance/parts/product-text';
import { ScheduleTable } from '@/features/finance/parts/schedule-table';
import { useDebounced } from '@/features/finance/parts/use-debounced';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useI18n, type Translate } from '@/i18n/i18n';
import { describeError } from '@/lib/api';
import {
  compareMoney,
  formatMoney,
  fromMinor,
  isMoneyInput,
  minorOr0,
  toMinor,
  type MoneyText,
} from '@/lib/money';
import { amountSchema, validate } from '@/lib/validators';

/** The typed amount as "200.00", or null while it is not a positive amount. */
function normalOf(typed: string): MoneyText | null {
  const text = typed.trim();
  return isMoneyInput(text) && toMinor(text) > 0n ? fromMinor(toMinor(text)) : null;
}

/** What is wrong with `typed` for this product, if anything (the server checks again). */
function amountProblem(typed: string, product: ProductCard, t: Translate): string | undefined {
  const checked = validate(amountSchema, typed);
  if (!checked.ok) return t(checked.errors[''] ?? 'v_amount');
  const normal = fromMinor(toMinor(typed.trim()));
  const unit = minorOr0(product.unit_price);
  if (unit > 0n && toMinor(normal) % unit !== 0n)
    return t('goods_v_units', { price: formatMoney(product.unit_price) });
  if (compareMoney(normal, product.min_purchase) < 0)
    return t('v_amount_min', { min: formatMoney(product.min_purchase) });
  if (minorOr0(product.max_purchase) > 0n && compareMoney(normal, product.max_purchase) > 0)
    return t('v_amount_max', { max: formatMoney(product.max_purchase) });
  return undefined;
}

/** One unit more or less than `normal`, on whole units, within the minimum and maximum. */
function stepped(normal: MoneyText | null, units: bigint, product: ProductCard): MoneyText {
  const unit = minorOr0(product.unit_price);
  const min = minorOr0(product.min_purchase);
  const max = minorOr0(product.max_purchase);
  let next = normal === null ? min : toMinor(normal) + units * unit;
  if (unit > 0n) next -= next % unit;
  if (next < min) next = min;
  if (max > 0n && next > max) next = max;
  return fromMinor(next);
}

type Props = { product: ProductCard; onBought: (result: BuyResult, amount: MoneyText) => void };

export function BuyForm({ product, onBought }: Props) {
  const { t } = useI18n();
  const [amount, setAmount] = useState(product.min_purchase);
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState<MoneyText | null>(null);
  const attempt = useAttemptKey();
  const normal = normalOf(amount);
  const onSale = product.state === 'on_sale';
  const unit = minorOr0(product.unit_price);
  const max = minorOr0(product.max_purchase);

  const change = (value: string) => {
    setAmount(value);
    setError(undefined);
  };
  const submit = () => {
    if (!onSale) return;
    const problem = amountProblem(amount, product, t);
    if (problem !== undefined) return setError(problem);
    setAsking(fromMinor(toMinor(amount.trim())));
  };

  return (
    <>
      <Form onSubmit={submit} label={t('goods_buy')}>
        <Section>
          <TextField
            label={t('goods_amount')}
            inputMode="decimal"
            placeholder={t('field_amount_placeholder')}
            value={amount}
            onChange={(value) => change(value.replace(/[^\d.]/g, ''))}
            error={error}
            autoComplete="off"
            maxLength={16}
            trailing={
              <span className={styles.stepper}>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('goods_amount_less')}
                  throttleMs={0}
                  disabled={normal !== null && toMinor(normal) <= minorOr0(product.min_purchase)}
                  onClick={() => change(stepped(normal, -1n, product))}
                >
                  <MinusIcon size={16} />
                </Button>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('goods_amount_more')}
                  throttleMs={0}
                  disabled={max > 0n && normal !== null && toMinor(normal) + unit > max}
                  onClick={() => change(stepped(normal, 1n, product))}
                >
                  <PlusIcon size={16} />
                </Button>
              </span>
            }
          />
          <p className={styles.muted} data-testid="goods-unit-hint">
            {t('goods_amount_hint', { price: formatMoney(product.unit_price) })}
          </p>
        </Section>
        <Section title={t('goods_schedule')}>
          <SchedulePreview id={product.id} typed={amount} normal={normal} />
        </Section>
        <Button type="submit" block disabled={!onSale} data-testid="goods-buy">
          {onSale ? t('goods_buy') : stateLabel(product.state, t)}
        </Button>
      </Form>
      {asking === null ? null : (
        <BuyDialog
          product={product}
          amount={asking}
          attempt={attempt}
          onClose={() => setAsking(null)}
          onBought={(result) => onBought(result, asking)}
        />
      )}
    </>
  );
}

/** The schedule of the amount once typing pauses; the server's reason when it refuses it. */
function SchedulePreview({
  id,
  typed,
  normal,
}: {
  id: number;
  typed: string;
  normal: MoneyText | null;
}) {
  const { t } = useI18n();
  const settled = useDebounced(normal);
  const schedule = useProductSchedule(id, settled);

  if (typed.trim() === '') return <p className={styles.muted}>{t('goods_schedule_enter')}</p>;
  if (normal === null) {
    const checked = validate(amountSchema, typed);
    return (
      <p className={styles.problem} role="alert" data-testid="schedule-problem">
        {t(checked.ok ? 'v_amount' : (checked.errors[''] ?? 'v_amount'))}
      </p>
    );
  }
  if (settled === normal && schedule.isError)
    return (
      <p className={styles.problem} role="alert" data-testid="schedule-problem">
        {describeError(schedule.error)}
      </p>
    );
  const data = schedule.data;
  if (settled !== normal || data === undefined)
    return <p className={styles.muted}>{t('goods_schedule_loading')}</p>;
  return (
    <>
      <p className={styles.muted} data-testid="schedule-units">
        {t('goods_units', { n: data.units })}
      </p>
      <ScheduleTable
        label={t('goods_schedule')}
        rows={data.instalments}
        totals={{
          interest: data.total_interest,
          principal: fromMinor(minorOr0(data.total) - minorOr0(data.total_interest)),
          amount: data.total,
        }}
        testId="goods-schedule"
      />
    </>
  );
}
