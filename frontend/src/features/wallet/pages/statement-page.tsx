// pages/mine/account/statement — the account statement of a range of days: each account's
// opening and closing balance on screen, and every posting in a CSV download.
import { useState } from 'react';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Form, Section } from '@/components/form';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import {
  STATEMENT_DAYS_MAX,
  useDownloadStatement,
  useStatementSummary,
  type StatementRange,
  type StatementSummary,
} from '@/features/wallet/api/statement';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

const ACCOUNT_KEYS: Record<string, MessageKey> = {
  wallet: 'account_wallet',
  game: 'account_game',
  frozen: 'account_frozen',
  savings: 'account_savings',
  invest: 'account_invest',
};

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The number of days from `from` to `to`, both included; null when either is not a date. */
export function rangeDays({ from, to }: StatementRange): number | null {
  if (!DATE.test(from) || !DATE.test(to)) return null;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** The message key of what is wrong with a range, or null when the server may take it. */
export function rangeProblem(range: StatementRange): MessageKey | null {
  const days = rangeDays(range);
  if (days === null || days < 1) return 'statement_range_invalid';
  if (days > STATEMENT_DAYS_MAX) return 'statement_range_long';
  return null;
}

export function Component() {
  const { t } = useI18n();
  // Until the player picks a range, the server's default: this month so far in its time zone.
  const [shown, setShown] = useState<StatementRange | null>(null);
  const summary = useStatementSummary(shown);

  return (
    <main className="page">
      <PageHeader title={t('statement_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <LoadingGate queries={[summary]} ready={summary.data !== undefined}>
          {() => (
            <>
              <RangeForm
                initial={{ from: summary.data!.from, to: summary.data!.to }}
                onShow={setShown}
              />
              <SummaryTable summary={summary.data!} />
            </>
          )}
        </LoadingGate>
      </div>
    </main>
  );
}

function RangeForm({
  initial,
  onShow,
}: {
  initial: StatementRange;
  onShow: (range: StatementRange) => void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<StatementRange>(initial);
  const problem = rangeProblem(draft);
  const save = useDownloadStatement();
  const change = (field: keyof StatementRange) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  return (
    <Form
      label={t('statement_title')}
      onSubmit={() => {
        if (problem === null) onShow(draft);
      }}
    >
      <Section>
        <TextField
          label={t('statement_from')}
          type="date"
          value={draft.from}
          onChange={change('from')}
          max={draft.to}
          required
        />
        <TextField
          label={t('statement_to')}
          type="date"
          value={draft.to}
          onChange={change('to')}
          min={draft.from}
          required
          error={problem === null ? undefined : t(problem, { days: STATEMENT_DAYS_MAX })}
        />
        <p className={styles.statementHint}>{t('statement_hint', { days: STATEMENT_DAYS_MAX })}</p>
      </Section>
      <div className={styles.statementActions}>
        <Button type="submit" variant="secondary" block disabled={problem !== null}>
          {t('statement_show')}
        </Button>
        <Button
          type="button"
          block
          loading={save.isPending}
          disabled={problem !== null}
          onClick={() => save.mutate(draft)}
        >
          {t('statement_download')}
        </Button>
      </div>
    </Form>
  );
}

export function SummaryTable({ summary }: { summary: StatementSummary }) {
  const { t } = useI18n();
  const label = t('statement_range', { from: summary.from, to: summary.to });
  return (
    <Section title={label}>
      <DataTable label={t('statement_balances')} testId="statement-summary">
        <thead>
          <tr>
            <th scope="col">{t('statement_account')}</th>
            <th scope="col" data-align="end">
              {t('statement_opening')}
            </th>
            <th scope="col" data-align="end">
              {t('statement_closing')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.accounts.map((account) => (
            <tr key={account.account} data-testid={`statement-${account.account}`}>
              <th scope="row">
                {ACCOUNT_KEYS[account.account] === undefined
                  ? account.account
                  : t(ACCOUNT_KEYS[account.account]!)}
              </th>
              <td data-align="end">
                <Money value={account.opening} />
              </td>
              <td data-align="end">
                <Money value={account.closing} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Notice>{t('statement_postings', { n: summary.postings })}</Notice>
    </Section>
  );
}
