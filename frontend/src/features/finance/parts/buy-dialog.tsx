// The last step of a purchase: the fund password, then POST api/goods/buy. A wrong or missing
// fund password stays in the dialog; any other refusal closes it (the server's message shows
// as a toast, and the product's figures reload).
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { useBuyProduct, type BuyResult } from '@/features/finance/api/buy-product';
import type { ProductCard } from '@/features/finance/api/products';
import styles from '@/features/finance/parts/goods.module.css';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api';
import type { AttemptKey } from '@/lib/idempotency';
import { formatMoney, type MoneyText } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { fundPasswordSchema, validate } from '@/lib/validators';

type Props = {
  product: ProductCard;
  /** The checked amount, normalised ("200.00"). */
  amount: MoneyText;
  /** The form's attempt: a retry of the same product and amount reuses its key. */
  attempt: AttemptKey;
  onClose: () => void;
  onBought: (result: BuyResult) => void;
};

export function BuyDialog({ product, amount, attempt, onClose, onBought }: Props) {
  const { t } = useI18n();
  const profile = useProfile({ fresh: true });
  const fundPasswordSet = profile.data?.fund_password_set !== false;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const buy = useBuyProduct();

  const submit = () => {
    const checked = validate(fundPasswordSchema, password);
    if (!checked.ok) return setError(t(checked.errors[''] ?? 'v_fund_password'));
    const fields = { id: product.id, amount };
    buy.mutate(
      { ...fields, fund_password: password, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: (result) => {
          attempt.done();
          onBought(result);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.key.startsWith('fund_password'))
            setError(failure.msg);
          else onClose();
        },
      },
    );
  };

  return (
    <Dialog title={t('goods_buy_confirm_title')} onClose={onClose} testId="goods-buy-dialog">
      <p className={styles.muted} style={{ textAlign: 'center' }}>
        {t('goods_buy_confirm_text', { amount: formatMoney(amount), name: product.name })}
      </p>
      <Form onSubmit={submit} label={t('goods_buy_confirm_title')}>
        {fundPasswordSet ? (
          <TextField
            label={t('field_fund_password')}
            type="password"
            inputMode="numeric"
            placeholder={t('field_fund_password_placeholder')}
            value={password}
            onChange={(value) => {
              setPassword(value.replace(/\D/g, ''));
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            maxLength={6}
          />
        ) : (
          <Notice tone="warn">
            {t('goods_fund_password_missing')}{' '}
            <Link to={ROUTES.fundPassword}>{t('set_fund_password')}</Link>
          </Notice>
        )}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={buy.isPending} disabled={!fundPasswordSet}>
            {t('goods_buy')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
