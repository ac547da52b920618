// The read-only cards of a player's page: his account and grants, balances, limits, player
// protection (compact) and team, as `admin user show` reports them.
import { Link } from 'react-router';
import { Rows, type Row } from '@/components/rows';
import type { LimitState, PlayerReport, ProtectionState } from '@/console/api/player';
import { useText, type Translate } from '@/console/i18n/i18n';
import styles from '@/console/pages/pages.module.css';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

type Props = { report: PlayerReport };

const listOr = (items: string[], none: string) => (items.length === 0 ? none : items.join(', '));

export function AccountCard({ report }: Props) {
  const { t } = useText();
  const { account, inviter, grants } = report;
  const none = t('none');
  const rows: Row[] = [
    { label: t('fact_user_id'), value: account.id, testId: 'account-id' },
    { label: t('col_phone'), value: account.phone, testId: 'account-phone' },
    { label: t('col_login_name'), value: account.username ?? none, testId: 'account-username' },
    { label: t('fact_nickname'), value: account.nickname === '' ? none : account.nickname },
    { label: t('fact_invite_code'), value: account.invite_code, testId: 'account-invite-code' },
    {
      label: t('fact_inviter'),
      value:
        inviter === null ? (
          none
        ) : (
          <Link to={`/players/${inviter.id}`}>
            {t('inviter_link', { id: inviter.id, phone: inviter.phone })}
          </Link>
        ),
      testId: 'account-inviter',
    },
    { label: t('col_vip'), value: account.vip_level },
    { label: t('col_created'), value: formatDateTime(account.created_at) },
    {
      label: t('fact_frozen_since'),
      value: account.frozen_at === null ? none : formatDateTime(account.frozen_at),
      testId: 'account-frozen-since',
    },
    { label: t('col_roles'), value: listOr(grants.roles, none), testId: 'account-roles' },
    {
      label: t('fact_permissions'),
      value: <span className={styles.secret}>{listOr(grants.permissions, none)}</span>,
      testId: 'account-permissions',
    },
  ];
  return (
    <section className={styles.card} aria-labelledby="player-account">
      <h2 id="player-account">{t('player_account')}</h2>
      <Rows rows={rows} label={t('player_account')} />
    </section>
  );
}

export function BalancesCard({ report }: Props) {
  const { t } = useText();
  const { balances } = report;
  const rows: Row[] = [
    {
      label: t('balance_wallet'),
      value: formatMoney(balances.wallet),
      strong: true,
      testId: 'balance-wallet',
    },
    { label: t('balance_game'), value: formatMoney(balances.game), testId: 'balance-game' },
    { label: t('balance_savings'), value: formatMoney(balances.savings) },
    { label: t('balance_invest'), value: formatMoney(balances.invest) },
    { label: t('balance_frozen'), value: formatMoney(balances.frozen), testId: 'balance-frozen' },
  ];
  return (
    <section className={styles.card} aria-labelledby="player-balances">
      <h2 id="player-balances">{t('player_balances')}</h2>
      <Rows rows={rows} label={t('player_balances')} />
    </section>
  );
}

export function LimitsCard({ report }: Props) {
  const { t } = useText();
  const { limits } = report;
  const rows: Row[] = [
    {
      label: t('limit_withdrawals_left'),
      value: t('n_of_m', { n: limits.withdrawals_left_today, m: limits.withdraw_daily_count }),
      testId: 'limit-withdrawals-left',
    },
    { label: t('limit_single_max'), value: formatMoney(limits.withdraw_single_max) },
    {
      label: t('limit_deposits_pending'),
      value: t('n_of_m', { n: limits.deposits_pending, m: limits.deposit_pending_max }),
      testId: 'limit-deposits-pending',
    },
    {
      label: t('turnover_left'),
      value: formatMoney(limits.turnover_remaining),
      testId: 'turnover-left',
    },
  ];
  return (
    <section className={styles.card} aria-labelledby="player-limits">
      <h2 id="player-limits">{t('player_limits')}</h2>
      <Rows rows={rows} label={t('player_limits')} />
    </section>
  );
}

/** "day 100.00 (used 20.00), week —, month —"; "none" when no limit of the kind is set. */
function limitsLine(limits: LimitState[], t: Translate): string {
  if (limits.every((limit) => limit.amount === null)) return t('none');
  return limits
    .map((limit) =>
      limit.amount === null
        ? t('protection_limit_none', { period: periodOf(limit.period, t) })
        : t('protection_limit', {
            period: periodOf(limit.period, t),
            amount: formatMoney(limit.amount),
            used: formatMoney(limit.used),
          }),
    )
    .join(', ');
}

function periodOf(period: string, t: Translate): string {
  if (period === 'day') return t('period_day');
  if (period === 'week') return t('period_week');
  if (period === 'month') return t('period_month');
  return period;
}

function exclusionOf(protection: ProtectionState, t: Translate): string {
  const exclusion = protection.exclusion;
  if (exclusion === null) return t('none');
  const until = formatDateTime(exclusion.until);
  return exclusion.kind === 'self_exclusion'
    ? t('exclusion_self', { until })
    : exclusion.kind === 'timeout'
      ? t('exclusion_timeout', { until })
      : `${exclusion.kind} (${until})`;
}

export function ProtectionCard({ report }: Props) {
  const { t } = useText();
  const { protection } = report;
  const rows: Row[] = [
    {
      label: t('protection_deposit_limits'),
      value: limitsLine(protection.deposit_limits, t),
      testId: 'protection-deposit-limits',
    },
    {
      label: t('protection_loss_limits'),
      value: limitsLine(protection.loss_limits, t),
      testId: 'protection-loss-limits',
    },
    {
      label: t('protection_reality_check'),
      value:
        protection.reality_check_mins === 0
          ? t('off')
          : t('every_n_minutes', { n: protection.reality_check_mins }),
    },
    {
      label: t('protection_exclusion'),
      value: exclusionOf(protection, t),
      testId: 'protection-exclusion',
    },
  ];
  return (
    <section className={styles.card} aria-labelledby="player-protection">
      <h2 id="player-protection">{t('player_protection')}</h2>
      <Rows rows={rows} label={t('player_protection')} />
    </section>
  );
}

export function TeamCard({ report }: Props) {
  const { t } = useText();
  const { team } = report;
  const rows: Row[] = team.levels.map((level) => ({
    label: t('team_level', { level: level.level }),
    value: t('team_people', { n: level.people }),
    testId: `team-level-${level.level}`,
  }));
  rows.push({
    label: t('team_total'),
    value: t('team_people', { n: team.total.people }),
    strong: true,
    testId: 'team-total',
  });
  return (
    <section className={styles.card} aria-labelledby="player-team">
      <h2 id="player-team">{t('player_team')}</h2>
      <Rows rows={rows} label={t('player_team')} />
    </section>
  );
}
