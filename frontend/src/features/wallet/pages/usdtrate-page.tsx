// pages/yn28/usdtrate (tab 2) — the wallet currency, the currencies a deposit can be paid in
// with their rates, the operator's USDT receiving address and the way to deposit.
import { lazy, Suspense } from 'react';
import { Empty } from '@/components/empty';
import { Section } from '@/components/form';
import { PickaxeIcon } from '@/components/icons';
import { DepositIcon } from '@/components/icons-extra';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { useRechargeOptions } from '@/features/wallet/api/recharge-options';
import { formatRate } from '@/features/wallet/parts/amounts';
import { Picture } from '@/features/wallet/parts/picture';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

const UsdtReceive = lazy(() => import('@/features/wallet/parts/usdt-receive'));

export function Component() {
  const { t } = useI18n();
  const options = useRechargeOptions();

  return (
    <main className="page">
      <PageHeader title={t('usdtrate_title')} />
      <div className="page-body">
        <LoadingGate queries={[options]} ready={options.data !== undefined}>
          {() => {
            const data = options.data!;
            // The first USDT account for every currency (a hall's main address), else the first.
            const usdtAccounts = data.accounts.filter((account) => account.method === 'usdt');
            const usdt =
              usdtAccounts.find((account) => account.currencies.length === 0) ?? usdtAccounts[0];
            return (
              <>
                <section className={styles.hero}>
                  <span className={styles.heroLabel}>{t('wallet_currency')}</span>
                  <span className={styles.heroAmount} data-testid="wallet-currency">
                    {data.currency}
                  </span>
                  <Rows
                    rows={[
                      { label: t('limit_min'), value: <Money value={data.min} /> },
                      { label: t('limit_max'), value: <Money value={data.max} /> },
                    ]}
                  />
                </section>
                <Section title={t('rates_title')}>
                  {data.currencies.length === 0 ? (
                    <Empty icon={<PickaxeIcon size={38} />} title={t('rates_empty')} />
                  ) : (
                    <ul className={styles.rates} aria-label={t('rates_title')}>
                      {data.currencies.map((currency) => (
                        <li key={currency.code}>
                          <Picture src={currency.picture} code={currency.code} />
                          <span className={styles.optionText}>
                            <strong>{currency.code}</strong>
                            <span>{currency.name}</span>
                          </span>
                          <span className={styles.rateValue} data-testid={`rate-${currency.code}`}>
                            {t('rate_line', {
                              currency: data.currency,
                              rate: formatRate(currency.rate),
                              code: currency.code,
                            })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </Section>
                {usdt === undefined ? null : (
                  <Suspense
                    fallback={<div className="card" style={{ minHeight: 320 }} aria-busy="true" />}
                  >
                    <UsdtReceive address={usdt.address} network={usdt.network} />
                  </Suspense>
                )}
                <LinkButton
                  to={
                    data.methods.includes('usdt') ? `${ROUTES.deposit}?method=usdt` : ROUTES.deposit
                  }
                  block
                >
                  <DepositIcon size={18} />
                  {t('deposit_now')}
                </LinkButton>
              </>
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}
