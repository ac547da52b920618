// A player's recent activity on his page, one table at a time behind tabs: ledger entries
// (signed amounts and the balance after), bets, and logins (newest first, 20 of each).
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { Tabs } from '@/components/tabs';
import type { LedgerEntry, LoginRecord, PlayerBet, PlayerReport } from '@/console/api/player';
import { useText } from '@/console/i18n/i18n';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { formatDateTime, serverNow } from '@/lib/time';

type Tab = 'entries' | 'bets' | 'logins';

export function PlayerRecords({ report }: { report: PlayerReport }) {
  const { t } = useText();
  const [tab, setTab] = useState<Tab>('entries');
  const choices = [
    { value: 'entries' as const, label: t('records_entries') },
    { value: 'bets' as const, label: t('records_bets') },
    { value: 'logins' as const, label: t('records_logins') },
  ];
  const label = choices.find((choice) => choice.value === tab)?.label ?? '';
  return (
    <section className={styles.card} aria-labelledby="player-records">
      <h2 id="player-records">{t('records_title')}</h2>
      <Tabs
        label={t('records_title')}
        value={tab}
        choices={choices}
        onChange={setTab}
        testId={(value) => `records-tab-${value}`}
      />
      <div role="tabpanel" aria-label={label}>
        {tab === 'entries' ? <Entries list={report.entries} label={label} /> : null}
        {tab === 'bets' ? <Bets list={report.bets} label={label} /> : null}
        {tab === 'logins' ? <Logins list={report.logins} label={label} /> : null}
      </div>
    </section>
  );
}

function Entries({ list, label }: { list: LedgerEntry[]; label: string }) {
  const { t } = useText();
  if (list.length === 0) return <p className={styles.empty}>{t('records_empty')}</p>;
  return (
    <DataTable label={label} testId="player-entries">
      <thead>
        <tr>
          <th scope="col">{t('col_time')}</th>
          <th scope="col">{t('col_account_kind')}</th>
          <th scope="col">{t('col_kind')}</th>
          <th scope="col" data-align="end">
            {t('col_amount')}
          </th>
          <th scope="col" data-align="end">
            {t('col_balance_after')}
          </th>
          <th scope="col">{t('col_reference')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((entry) => (
          <tr key={entry.id}>
            <td className={styles.number}>{formatDateTime(entry.created_at)}</td>
            <td>{entry.account}</td>
            <td>{entry.kind}</td>
            <td data-align="end" className={styles.number}>
              {signed(entry.amount)}
            </td>
            <td data-align="end" className={styles.number}>
              {formatMoney(entry.balance_after)}
            </td>
            <td className={styles.wrap}>
              {[entry.reference, entry.memo].filter((part) => part !== '').join(' · ') || t('none')}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** "+10.00" / "-10.00": the sign always shows. */
const signed = (amount: string): string => {
  const shown = formatMoney(amount);
  return shown.startsWith('-') || shown === '0.00' ? shown : `+${shown}`;
};

function Bets({ list, label }: { list: PlayerBet[]; label: string }) {
  const { t } = useText();
  if (list.length === 0) return <p className={styles.empty}>{t('records_empty')}</p>;
  return (
    <DataTable label={label} testId="player-bets">
      <thead>
        <tr>
          <th scope="col">{t('col_time')}</th>
          <th scope="col">{t('col_room')}</th>
          <th scope="col">{t('col_issue')}</th>
          <th scope="col">{t('col_option')}</th>
          <th scope="col" data-align="end">
            {t('col_amount')}
          </th>
          <th scope="col">{t('col_status')}</th>
          <th scope="col" data-align="end">
            {t('col_profit')}
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((bet) => (
          <tr key={bet.id}>
            <td className={styles.number}>{formatDateTime(bet.placed_at)}</td>
            <td>{bet.room}</td>
            <td className={styles.number}>{bet.issue}</td>
            <td>{bet.option}</td>
            <td data-align="end" className={styles.number}>
              {formatMoney(bet.amount)}
            </td>
            <td>{bet.outcome ?? bet.status}</td>
            <td data-align="end" className={styles.number}>
              {signed(bet.profit)}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function Logins({ list, label }: { list: LoginRecord[]; label: string }) {
  const { t } = useText();
  const now = serverNow();
  if (list.length === 0) return <p className={styles.empty}>{t('records_empty')}</p>;
  return (
    <DataTable label={label} testId="player-logins">
      <thead>
        <tr>
          <th scope="col">{t('col_started')}</th>
          <th scope="col">{t('col_address')}</th>
          <th scope="col">{t('col_status')}</th>
          <th scope="col">{t('col_ends')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((login) => {
          const open = login.ended_at === null && login.expires_at > now;
          return (
            <tr key={`${login.started_at}:${login.address}`}>
              <td className={styles.number}>{formatDateTime(login.started_at)}</td>
              <td className={styles.number}>{login.address === '' ? t('none') : login.address}</td>
              <td>
                <Badge tone={open ? 'ok' : 'muted'}>
                  {open ? t('login_open') : t('login_ended')}
                </Badge>
              </td>
              <td className={styles.number}>
                {formatDateTime(login.ended_at ?? login.expires_at)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
