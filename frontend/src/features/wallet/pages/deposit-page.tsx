// pages/mine/savings-account/index (and pages/first-storage/index, headed as a first deposit with
// the banner the app provides, see parts/deposit-banner-slot):
// a deposit by bank transfer or USDT with a screenshot voucher, reviewed by the operator.
// The page shows the receiving account to pay, among those that fit the method, currency,
// country and amount: a bank account's details with copy buttons, or a USDT address as text
// and QR code. `?method=usdt` opens the USDT route. The chosen location (lib/location)
// preselects its currency and country.
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { Empty } from '@/components/empty';
import { Form, Section } from '@/components/form';
import { CheckCircleIcon, DepositIcon } from '@/components/icons-extra';
import { ImagePicker } from '@/components/image-picker';
import { LimitOffer } from '@/components/limit-offer';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { ResultView } from '@/components/result-view';
import { Rows } from '@/components/rows';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';
import { useRecharge } from '@/features/wallet/api/recharge';
import {
  useRechargeOptions,
  type DepositMethod,
  type ReceivingAccount,
  type RechargeOptions,
} from '@/features/wallet/api/recharge-options';
import type { DepositRecord } from '@/features/wallet/api/recharge-records';
import { formatRate, payAmount } from '@/features/wallet/parts/amounts';
import { BankReceive } from '@/features/wallet/parts/bank-receive';
import { FirstDepositBanner } from '@/features/wallet/parts/deposit-banner-slot';
import { Picture } from '@/features/wallet/parts/picture';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';
import { imageProblem } from '@/lib/images';
import type { Location } from '@/lib/config';
import { chosenLocationCode, findLocation } from '@/lib/location';
import { compareMoney, fromMinor, toMinor } from '@/lib/money';
import { ROUTES } from '@/lib/routes';
import { amountSchema, boundedText, validate } from '@/lib/validators';

const UsdtReceive = lazy(() => import('@/features/wallet/parts/usdt-receive'));

/** Characters of the optional note (the server's limit). */
export const CONTENT_MAX = 200;
const QUICK_AMOUNTS = ['100', '500', '1000', '5000', '10000', '50000'];

/** The accounts switched on that take a deposit of `method` in `currency` for `country`. */
export function fittingAccounts(
  options: RechargeOptions,
  method: DepositMethod,
  currency: string,
  country: string,
): ReceivingAccount[] {
  const fits = (names: string[], value: string) =>
    names.length === 0 || names.some((name) => name.toLowerCase() === value.toLowerCase());
  return options.accounts.filter(
    (account) =>
      account.method === method &&
      fits(account.currencies, currency) &&
      (country === '' || fits(account.countries, country)),
  );
}

/** Whether `account`'s band holds `amount` (a valid amount text). */
const takes = (account: ReceivingAccount, amount: string) =>
  compareMoney(amount, account.min) >= 0 && compareMoney(amount, account.max) <= 0;

export function Component() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const first = pathname === ROUTES.firstDeposit;
  const options = useRechargeOptions();
  // The location chosen on pages/system/choose-location preselects its currency and country.
  const config = useConfig();
  const location =
    config.data === undefined ? null : findLocation(config.data, chosenLocationCode());
  const [result, setResult] = useState<DepositRecord | null>(null);
  const title = first ? t('first_deposit_title') : t('deposit_title');

  return (
    <main className="page">
      <PageHeader title={title} back fallback={ROUTES.mine} />
      <div className="page-body">
        <LoadingGate queries={[options]} ready={options.data !== undefined}>
          {() =>
            result !== null ? (
              <DepositDone record={result} onAgain={() => setResult(null)} />
            ) : options.data!.methods.length === 0 ? (
              <Empty
                icon={<DepositIcon size={38} />}
                title={t('deposit_closed_title')}
                text={t('deposit_closed_text')}
              />
            ) : (
              <DepositForm
                options={options.data!}
                first={first}
                onDone={setResult}
                location={location}
              />
            )
          }
        </LoadingGate>
      </div>
    </main>
  );
}

type Field = 'amount' | 'voucher' | 'content';

export function DepositForm({
  options,
  first,
  onDone,
  location = null,
}: {
  options: RechargeOptions;
  first: boolean;
  onDone: (record: DepositRecord) => void;
  /** The player's chosen location: its currency and country are preselected. */
  location?: Location | null;
}) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const asked = params.get('method');
  const method: DepositMethod =
    asked === 'usdt' && options.methods.includes('usdt') ? 'usdt' : (options.methods[0] ?? 'bank');
  const [amount, setAmount] = useState('');
  const [currencyCode, setCurrencyCode] = useState(
    options.currencies.find((entry) => entry.code === location?.currency)?.code ??
      options.currencies[0]?.code ??
      '',
  );
  const [country, setCountry] = useState(
    options.countries.find((entry) => entry.code === location?.code)?.code ??
      options.countries[0]?.code ??
      '',
  );
  const [content, setContent] = useState('');
  const [voucher, setVoucher] = useState<File | null>(null);
  const [chosenAccount, setChosenAccount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const recharge = useRecharge();
  const attempt = useAttemptKey();

  const currency =
    options.currencies.find((entry) => entry.code === currencyCode) ?? options.currencies[0];
  const amountOk = validate(amountSchema, amount).ok;
  const pay = amountOk && currency !== undefined ? payAmount(amount.trim(), currency.rate) : null;
  const depositCountry = options.countries.length > 0 ? country : '';
  const fitting = fittingAccounts(options, method, currency?.code ?? '', depositCountry);
  // The player's pick while it fits; else the first account whose band holds the amount.
  const account =
    fitting.find((entry) => entry.code === chosenAccount) ??
    (amountOk ? fitting.find((entry) => takes(entry, amount.trim())) : undefined) ??
    fitting[0];

  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const chooseMethod = (next: DepositMethod) => {
    const copy = new URLSearchParams(params);
    copy.set('method', next);
    setParams(copy, { replace: true });
  };

  const pick = (file: File | null) => {
    setVoucher(file);
    if (file === null) return clear('voucher');
    const problem = imageProblem(file, options.voucher_max_bytes);
    setErrors((current) => ({
      ...current,
      voucher: problem === null ? undefined : t(problem.key, problem.params),
    }));
  };

  const submit = () => {
    const next: Partial<Record<Field, string>> = {};
    const checked = validate(amountSchema, amount);
    if (!checked.ok) next.amount = t(checked.errors[''] ?? 'v_amount');
    else if (compareMoney(amount.trim(), options.min) < 0)
      next.amount = t('v_amount_min', { min: options.min });
    else if (compareMoney(amount.trim(), options.max) > 0)
      next.amount = t('v_amount_max', { max: options.max });
    else if (account !== undefined && compareMoney(amount.trim(), account.min) < 0)
      next.amount = t('v_amount_min', { min: account.min });
    else if (account !== undefined && compareMoney(amount.trim(), account.max) > 0)
      next.amount = t('v_amount_max', { max: account.max });
    if (!validate(boundedText(CONTENT_MAX), content).ok) next.content = t('v_too_long');
    if (voucher === null) next.voucher = t('v_voucher_required');
    else {
      const problem = imageProblem(voucher, options.voucher_max_bytes);
      if (problem !== null) next.voucher = t(problem.key, problem.params);
    }
    setErrors(next);
    const invalid = Object.values(next).some((value) => value !== undefined);
    if (invalid || voucher === null || account === undefined) return;

    const fields = {
      method,
      amount: fromMinor(toMinor(amount.trim())),
      currency: currency?.code ?? '',
      country: depositCountry,
      account: account.code,
      content: content.trim(),
    };
    const key = attempt.for(
      JSON.stringify([fields, voucher.name, voucher.size, voucher.lastModified]),
    );
    recharge.mutate(
      { ...fields, voucher, key },
      {
        onSuccess: (record) => {
          attempt.done();
          onDone(record);
        },
      },
    );
  };

  const quick = QUICK_AMOUNTS.filter(
    (value) => compareMoney(value, options.min) >= 0 && compareMoney(value, options.max) <= 0,
  ).slice(0, 4);

  return (
    <Form onSubmit={submit} label={t('deposit_title')}>
      <LimitOffer />
      {first ? <FirstDepositBanner /> : null}
      {options.methods.length > 1 ? (
        <Chips
          segmented
          label={t('deposit_method')}
          value={method}
          onChange={chooseMethod}
          choices={options.methods.map((value) => ({
            value,
            label: value === 'usdt' ? t('method_usdt') : t('method_bank'),
          }))}
        />
      ) : null}

      <Section>
        <TextField
          label={t('field_amount')}
          hint={t('amount_range', {
            min: options.min,
            max: options.max,
            currency: options.currency,
          })}
          inputMode="decimal"
          placeholder={t('field_amount_placeholder')}
          value={amount}
          onChange={(value) => {
            setAmount(value.replace(/[^\d.]/g, ''));
            clear('amount');
          }}
          error={errors.amount}
          autoComplete="off"
          maxLength={16}
        />
        {quick.length > 0 ? (
          <div className={styles.quick}>
            {quick.map((value) => (
              <button
                key={value}
                type="button"
                onClick={() => {
                  setAmount(value);
                  clear('amount');
                }}
              >
                {value}
              </button>
            ))}
          </div>
        ) : null}

        {options.currencies.length > 0 ? (
          <div>
            <span className={styles.fieldLabel} id="deposit-currency">
              {t('deposit_currency')}
            </span>
            <div className={styles.options} role="radiogroup" aria-labelledby="deposit-currency">
              {options.currencies.map((entry) => (
                <button
                  key={entry.code}
                  type="button"
                  role="radio"
                  aria-checked={entry.code === currency?.code}
                  className={styles.option}
                  onClick={() => setCurrencyCode(entry.code)}
                >
                  <Picture src={entry.picture} code={entry.code} />
                  <span className={styles.optionText}>
                    <strong>{entry.code}</strong>
                    <span>
                      {t('rate_line', {
                        currency: options.currency,
                        rate: formatRate(entry.rate),
                        code: entry.code,
                      })}
                    </span>
                  </span>
                </button>
              ))}
            </div>
          </div>
        ) : null}

        {currency === undefined ? null : (
          <div className={styles.pay}>
            <span>
              {t('pay_amount')}
              <span className={styles.payRate} data-testid="pay-rate">
                {t('rate_line', {
                  currency: options.currency,
                  rate: formatRate(currency.rate),
                  code: currency.code,
                })}
              </span>
            </span>
            <strong data-testid="pay-amount">
              {pay === null ? '—' : <Money value={pay} />} {currency.code}
            </strong>
          </div>
        )}
      </Section>

      {options.countries.length > 0 ? (
        <Section>
          <span className={styles.fieldLabel} id="deposit-country">
            {t('deposit_country')}
          </span>
          <div className={styles.options} role="radiogroup" aria-labelledby="deposit-country">
            {options.countries.map((entry) => (
              <button
                key={entry.code}
                type="button"
                role="radio"
                aria-checked={entry.code === country}
                className={styles.option}
                onClick={() => setCountry(entry.code)}
              >
                <Picture src={entry.picture} code={entry.code} />
                <span className={styles.optionText}>
                  <strong>{entry.name}</strong>
                  <span>{entry.code}</span>
                </span>
              </button>
            ))}
          </div>
        </Section>
      ) : null}

      {account === undefined ? (
        <Notice tone="warn">{t('receiving_account_none')}</Notice>
      ) : (
        <>
          {fitting.length > 1 ? (
            <Chips
              wrap
              label={t('receiving_account_choose')}
              value={account.code}
              onChange={setChosenAccount}
              choices={fitting.map((entry) => ({ value: entry.code, label: accountName(entry) }))}
            />
          ) : null}
          {account.method === 'usdt' ? (
            <Suspense
              fallback={<div className="card" style={{ minHeight: 320 }} aria-busy="true" />}
            >
              <UsdtReceive address={account.address} network={account.network} />
            </Suspense>
          ) : (
            <BankReceive account={account} />
          )}
          <p className={styles.accountBand} data-testid="account-band">
            {t('receiving_account_band', {
              min: account.min,
              max: account.max,
              currency: options.currency,
            })}
          </p>
        </>
      )}

      <Section>
        <ImagePicker
          label={t('voucher_label')}
          hint={t('voucher_hint')}
          file={voucher}
          onPick={pick}
          error={errors.voucher}
        />
        <TextArea
          label={t('deposit_content')}
          hint={t('optional')}
          placeholder={t('deposit_content_placeholder')}
          value={content}
          onChange={(value) => {
            setContent(value);
            clear('content');
          }}
          error={errors.content}
          maxLength={CONTENT_MAX}
        />
      </Section>

      <Button type="submit" block loading={recharge.isPending} disabled={account === undefined}>
        {t('deposit_submit')}
      </Button>
      <Link className="target" to={ROUTES.rechargeRecords}>
        {t('recharge_records_title')}
      </Link>
      <Link className="target" to={ROUTES.protection}>
        {t('protection_title')}
      </Link>
    </Form>
  );
}

/** How the account picker names an account: its bank and the number's last digits, or its
 * network and the address's. */
function accountName(account: ReceivingAccount): string {
  const tail = (text: string) => (text.length > 4 ? `…${text.slice(-4)}` : text);
  return account.method === 'usdt'
    ? `${account.network} ${tail(account.address)}`
    : `${account.bank} ${tail(account.number)}`;
}

function DepositDone({ record, onAgain }: { record: DepositRecord; onAgain: () => void }) {
  const { t } = useI18n();
  return (
    <ResultView
      icon={<CheckCircleIcon size={44} />}
      title={t('deposit_done_title')}
      text={t('deposit_done_text')}
      actions={
        <>
          <LinkButton to={ROUTES.rechargeRecords} replace block>
            {t('view_recharge_records')}
          </LinkButton>
          <Button variant="ghost" block onClick={onAgain}>
            {t('deposit_again')}
          </Button>
        </>
      }
    >
      <Rows
        rows={[
          { label: t('field_amount'), value: <Money value={record.amount} />, strong: true },
          { label: t('pay_amount'), value: `${record.pay_amount} ${record.currency}` },
          {
            label: t('record_method'),
            value: record.method === 'usdt' ? t('method_usdt') : t('method_bank'),
          },
          { label: t('record_paid_to'), value: record.account_label, testId: 'paid-to' },
          { label: t('record_status'), value: t('status_pending') },
        ]}
      />
    </ResultView>
  );
}
