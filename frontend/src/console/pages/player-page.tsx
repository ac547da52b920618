// /players/:id: one player as `admin user show` reports him (account and grants, balances,
// limits, player protection, team, adjustments waiting, recent ledger entries, bets and
// logins) and the actions the staff member's permissions allow (the server checks each):
// adjust the wallet, freeze or unfreeze, a temporary login password, the fund password
// cleared, roles. Every action asks the page again.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { LoadingView } from '@/components/loading';
import { usePlayer, type PlayerReport } from '@/console/api/player';
import { useText } from '@/console/i18n/i18n';
import { PLAYER_READ } from '@/console/lib/may';
import { describeRefusal } from '@/console/lib/refusal';
import { AdjustForm } from '@/console/parts/adjust-form';
import { AdjustmentsWaiting } from '@/console/parts/adjustments-waiting';
import { ErrorAlert, SuccessStatus } from '@/console/parts/messages';
import { PlayerAccess } from '@/console/parts/player-access';
import {
  AccountCard,
  BalancesCard,
  LimitsCard,
  ProtectionCard,
  TeamCard,
} from '@/console/parts/player-facts';
import { PlayerRecords } from '@/console/parts/player-records';
import { RequirePermission } from '@/console/parts/require-permission';
import { RoleEditor } from '@/console/parts/role-editor';
import { NotFoundPage } from '@/console/pages/not-found-page';
import styles from '@/console/pages/pages.module.css';

export function PlayerPage() {
  return (
    <RequirePermission
      permission={PLAYER_READ}
      title="players_title"
      refusal="players_no_permission"
    >
      <PlayerRoute />
    </RequirePermission>
  );
}

function PlayerRoute() {
  const text = useParams().id ?? '';
  const id = Number.parseInt(text, 10);
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(id)) return <NotFoundPage />;
  return <PlayerView key={id} id={id} />;
}

function PlayerView({ id }: { id: number }) {
  const { t } = useText();
  const player = usePlayer(id);
  const data = player.data;
  return (
    <>
      <Link to="/players" className={styles.back}>
        ← {t('players_back')}
      </Link>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{t('player_title_id', { id })}</h1>
        {data === undefined ? null : data.account.frozen_at === null ? (
          <Badge tone="ok">{t('active')}</Badge>
        ) : (
          <span data-testid="frozen-badge">
            <Badge tone="bad">{t('frozen')}</Badge>
          </span>
        )}
      </div>
      {player.isError ? <ErrorAlert>{describeRefusal(player.error)}</ErrorAlert> : null}
      {data === undefined ? (
        player.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <div className={`${styles.detailGrid} ${styles.playerGrid}`}>
          <div className={styles.column}>
            <AccountCard report={data} />
            <BalancesCard report={data} />
            <LimitsCard report={data} />
            <ProtectionCard report={data} />
            <TeamCard report={data} />
          </div>
          <div className={styles.column}>
            <ActionsCard report={data} />
            <AdjustmentsWaiting list={data.adjustments_waiting} may={data.may.adjust} />
            <PlayerRecords report={data} />
          </div>
        </div>
      )}
    </>
  );
}

function ActionsCard({ report }: { report: PlayerReport }) {
  const { t } = useText();
  const [done, setDone] = useState<string | null>(null);
  const { may } = report;
  const any = may.adjust || may.freeze || may.reset_password || may.manage_roles;
  return (
    <section className={styles.card} aria-labelledby="player-actions">
      <h2 id="player-actions">{t('actions_title')}</h2>
      {done === null ? null : <SuccessStatus>{done}</SuccessStatus>}
      {any ? null : <p className={styles.lead}>{t('actions_none')}</p>}
      {may.adjust ? <AdjustForm report={report} onDone={setDone} /> : null}
      {may.freeze || may.reset_password ? <PlayerAccess report={report} onDone={setDone} /> : null}
      {may.manage_roles ? <RoleEditor report={report} onDone={setDone} /> : null}
    </section>
  );
}
