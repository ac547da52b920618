// pages/mine/play-record/index ("Records") — every bet across games, filtered by game and
// state; tapping a settled bet shows its period's draw result.
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Chips } from '@/components/chips';
import { InfiniteList } from '@/components/infinite-list';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import {
  GAMES,
  useBettingRecords,
  type BetFilter,
} from '@/features/games/records/api/betting-records';
import { DrawResult } from '@/features/games/records/parts/draw-result';
import { statusOf } from '@/features/games/records/parts/labels';
import styles from '@/features/games/records/parts/records.module.css';
import { When } from '@/components/when';
import { useI18n } from '@/i18n/i18n';
import { BET_STATUSES, type BetRecord } from '@/features/games/api/bet-records';
import { gameLabel, optionLabel, roomLabel } from '@/features/games/parts/game-labels';
import { formatMoney, signOf } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [filter, setFilter] = useState<BetFilter>({ game: '', status: '' });
  const query = useBettingRecords(filter);

  return (
    <main className="page">
      <PageHeader title={t('records_play_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <div className={styles.filters}>
          <Chips
            label={t('records_filter_game')}
            value={filter.game}
            onChange={(game) => setFilter((current) => ({ ...current, game }))}
            choices={[
              { value: '' as const, label: t('records_all_games') },
              ...GAMES.map((value) => ({ value, label: gameLabel(value, t) })),
            ]}
          />
          <Chips
            label={t('filter_status')}
            value={filter.status}
            onChange={(status) => setFilter((current) => ({ ...current, status }))}
            choices={[
              { value: '' as const, label: t('filter_all') },
              ...BET_STATUSES.map((value) => ({ value, label: statusOf(value, t).label })),
            ]}
          />
        </div>
        <InfiniteList
          query={query}
          label={t('records_play_title')}
          keyOf={(bet: BetRecord) => bet.id}
          emptyTitle={t('records_empty')}
          emptyText={t('records_play_empty_text')}
          render={(bet) => <BetCard bet={bet} />}
        />
      </div>
    </main>
  );
}

function BetCard({ bet }: { bet: BetRecord }) {
  const { t, lang } = useI18n();
  const [open, setOpen] = useState(false);
  const state = statusOf(bet.status, t);
  const settled = bet.status !== 'open';
  const sign = signOf(bet.profit);

  // Phrasing elements only: the summary sits inside a button when the bet is settled.
  const summary = (
    <>
      <span className={styles.head}>
        <span className={styles.title}>{roomLabel(bet.room, t, lang)}</span>
        <Badge tone={state.tone}>{state.label}</Badge>
      </span>
      <span className={styles.head}>
        <span className={styles.option} data-testid="bet-option">
          {optionLabel(bet.game, bet.option, t)}
        </span>
        <span className={styles.profit} data-sign={settled ? sign : 0} data-testid="bet-profit">
          <span className="sr-only">{t('records_profit')}: </span>
          {settled ? `${sign > 0 ? '+' : ''}${formatMoney(bet.profit)}` : t('records_awaiting')}
        </span>
      </span>
      <span className={styles.meta}>
        <span>{t('records_issue', { issue: bet.issue })}</span>
        <span>
          {t('records_stake')}: <Money value={bet.amount} /> · {t('records_odds')}: {bet.odds}
        </span>
      </span>
      {bet.outcome === 'win_reduced' ? (
        <span className={styles.reduced}>{t('records_reduced')}</span>
      ) : null}
      <span className={styles.meta}>
        <span>
          {t('records_order_no')}: {bet.order_no}
        </span>
        <When at={bet.placed_at} />
      </span>
    </>
  );

  return (
    <article className={styles.bet} data-testid="bet-record" data-status={bet.status}>
      {settled ? (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          onClick={() => setOpen((shown) => !shown)}
        >
          {summary}
        </button>
      ) : (
        summary
      )}
      {settled && open ? (
        <div className={styles.detail}>
          <span className={styles.detailLabel}>{t('records_result')}</span>
          {bet.result === null || bet.result === undefined ? (
            <span>{t('records_no_draw')}</span>
          ) : (
            <DrawResult values={bet.result} />
          )}
        </div>
      ) : null}
    </article>
  );
}
