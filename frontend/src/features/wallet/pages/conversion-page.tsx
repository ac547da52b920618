// pages/conversion/index — move money between the wallet balance and the game balance.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { SwapIcon } from '@/components/icons-extra';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { useConvert, type ConversionFrom } from '@/features/wallet/api/conversion';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useBalances } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { compareMoney, fromMinor, minorOr0, toMinor } from '@/lib/money';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { amountSchema, validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const balances = useBalances({ fresh: true });
  const [from, setFrom] = useState<ConversionFrom>('balance');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const convert = useConvert();
  const attempt = useAttemptKey();

  const submit = () => {
    if (balances.data === undefined) return;
    const source = from === 'balance' ? balances.data.balance : balances.data.game_balance;
    const checked = validate(amountSchema, amount);
    if (!checked.ok) return setError(t(checked.errors[''] ?? 'v_amount'));
    const normal = fromMinor(toMinor(amount.trim()));
    if (compareMoney(normal, fromMinor(minorOr0(source))) > 0)
      return setError(t('v_insufficient', { balance: fromMinor(minorOr0(source)) }));
    const fields = { from, amount: normal };
    convert.mutate(
      { ...fields, key: attempt.for(JSON.stringify(fields)) },
      {
        onSuccess: () => {
          attempt.done();
          setAmount('');
          toast(t('conversion_done'), 'success');
        },
      },
    );
  };

  return (
    <main className="page">
      <PageHeader title={t('conversion_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[balances]} ready={balances.data !== undefined}>
          {() => {
            const data = balances.data!;
            const boxes = [
              {
                id: 'balance' as const,
                label: t('balance'),
                value: data.balance,
                testId: 'conversion-balance',
              },
              {
                id: 'game' as const,
                label: t('game_balance'),
                value: data.game_balance,
                testId: 'conversion-game-balance',
              },
            ];
            const [left, right] = from === 'balance' ? boxes : [boxes[1]!, boxes[0]!];
            const source = from === 'balance' ? data.balance : data.game_balance;
            return (
              <Form onSubmit={submit} label={t('conversion_title')}>
                <div className={styles.balances}>
                  {[left!, null, right!].map((box) =>
                    box === null ? (
                      <button
                        key="swap"
                        type="button"
                        className={styles.swap}
                        aria-label={t('conversion_switch')}
                        onClick={() => {
                          setFrom((current) => (current === 'balance' ? 'game' : 'balance'));
                          setError(undefined);
                        }}
                      >
                        <SwapIcon size={20} />
                      </button>
                    ) : (
                      <div key={box.id} className={styles.balanceBox} data-source={box.id === from}>
                        <span>
                          {box.id === from
                            ? t('conversion_from', { name: box.label })
                            : t('conversion_to', { name: box.label })}
                        </span>
                        <strong data-testid={box.testId}>
                          <Money value={box.value} />
                        </strong>
                      </div>
                    ),
                  )}
                </div>
                <p
                  data-testid="conversion-direction"
                  style={{ color: 'var(--muted)', fontSize: 14, textAlign: 'center' }}
                >
                  {from === 'balance' ? t('conversion_to_game') : t('conversion_to_wallet')}
                </p>
                <Section>
                  <div className={styles.amountRow}>
                    <TextField
                      label={t('field_amount')}
                      inputMode="decimal"
                      placeholder={t('field_amount_placeholder')}
                      value={amount}
                      onChange={(value) => {
                        setAmount(value.replace(/[^\d.]/g, ''));
                        setError(undefined);
                      }}
                      error={error}
                      autoComplete="off"
                      maxLength={16}
                      trailing={
                        <Button
                          variant="secondary"
                          size="small"
                          onClick={() => {
                            setAmount(fromMinor(minorOr0(source)));
                            setError(undefined);
                          }}
                        >
                          {t('amount_all')}
                        </Button>
                      }
                    />
                  </div>
                </Section>
                <Button type="submit" block loading={convert.isPending}>
                  {t('conversion_submit')}
                </Button>
              </Form>
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}
