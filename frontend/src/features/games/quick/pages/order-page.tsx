// pages/cc/<k3|pk|ssc|rgb>/order: the player's bets in this game (every room of it), newest
// first: issue, order number, option, amount, odds, status, profit or loss, time.
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/badge';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useBetRecords } from '@/features/games/quick/api/betting-record';
import {
  drawValues,
  GAME_INFO,
  pageUrl,
  rgbMinutes,
  type Game,
} from '@/features/games/quick/games';
import { optionLabel } from '@/features/games/quick/options';
import styles from '@/features/games/quick/parts/cc.module.css';
import { DrawView } from '@/features/games/quick/parts/draw-view';
import { GameNav } from '@/features/games/quick/parts/game-nav';
import { useGameRoute } from '@/features/games/quick/parts/use-game-route';
import { say } from '@/features/games/parts/text';
import { When } from '@/components/when';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { BET_STATUSES, type BetRecord, type BetStatus } from '@/features/games/api/bet-records';
import { signOf } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

const STATUS_VIEW: Record<BetStatus, { key: MessageKey; tone: BadgeTone }> = {
  open: { key: 'cc_status_open', tone: 'wait' },
  won: { key: 'cc_status_won', tone: 'ok' },
  lost: { key: 'cc_status_lost', tone: 'bad' },
  refunded: { key: 'cc_status_refunded', tone: 'muted' },
};

export function Component() {
  const { t } = useI18n();
  const { game, room } = useGameRoute();
  const [status, setStatus] = useState<BetStatus | ''>('');
  const query = useBetRecords(game, status);

  return (
    <main className="page">
      <PageHeader title={t(GAME_INFO[game].name)} back fallback={ROUTES.home} />
      <GameNav game={game} page="order" room={room} />
      <div className="page-body">
        <Chips
          label={t('filter_status')}
          value={status}
          onChange={setStatus}
          choices={[
            { value: '' as const, label: t('filter_all') },
            ...BET_STATUSES.map((value) => ({ value, label: t(STATUS_VIEW[value].key) })),
          ]}
        />
        <InfiniteList
          query={query}
          label={t('cc_nav_order')}
          keyOf={(record: BetRecord) => record.id}
          emptyTitle={t('cc_order_empty')}
          emptyAction={
            <LinkButton to={pageUrl(game, 'index', room)}>{t('cc_nav_index')}</LinkButton>
          }
          render={(record) => <BetCard game={game} record={record} />}
        />
      </div>
    </main>
  );
}

function BetCard({ game, record }: { game: Game; record: BetRecord }) {
  const { t } = useI18n();
  const view = STATUS_VIEW[record.status] ?? { key: 'cc_status_open', tone: 'muted' };
  const result = record.result === null ? null : drawValues(game, record.result);
  const sign = signOf(record.profit);
  return (
    <article className={styles.record} data-testid="bet-record" data-status={record.status}>
      <div className={styles.recordHead}>
        <span className={styles.recordTitle}>
          {say(optionLabel(game, record.option), t)} <code>{record.option}</code>
        </span>
        <Badge tone={view.tone}>{t(view.key)}</Badge>
      </div>
      <dl className={styles.recordGrid}>
        <div>
          <dt>{t('cc_stake')}</dt>
          <dd>
            <Money value={record.amount} />
          </dd>
        </div>
        <div>
          <dt>{t('cc_rules_odds')}</dt>
          <dd>×{record.odds}</dd>
        </div>
        <div>
          <dt>{t('cc_profit')}</dt>
          <dd className={styles.profit} data-sign={sign}>
            {record.status === 'open' ? (
              '—'
            ) : (
              <>
                {sign > 0 ? '+' : ''}
                <Money value={record.profit} />
              </>
            )}
          </dd>
        </div>
      </dl>
      {result === null ? null : (
        <div className={styles.recordResult}>
          <span>{t('cc_result')}</span>
          <DrawView game={game} values={result} size="small" label={result.join(', ')} />
        </div>
      )}
      <div className={styles.recordMeta}>
        <span>
          {t('games_issue', { issue: record.issue })}
          {GAME_INFO[game].rooms.length > 1
            ? ` · ${t('cc_room_minutes', { n: rgbMinutes(record.room) })}`
            : ''}
        </span>
        <When at={record.placed_at} />
      </div>
      <div className={styles.recordMeta}>
        <span>{t('cc_order_no', { order: record.order_no })}</span>
      </div>
    </article>
  );
}
