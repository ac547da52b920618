// Home (/ and pages/home/index): one call (api/index/index) for the greeting, the balances
// (revealed by counting up) and the entries with a badge for what is new on each.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '@/features/home/pages/home-page.module.css';
import { AnnouncementTicker } from '@/components/announcement-ticker';
import { BannerCarousel } from '@/components/banner-carousel';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon, UserIcon } from '@/components/icons';
import {
  BagIcon,
  CalendarIcon,
  CardIcon,
  CheckCircleIcon,
  CoinIcon,
  ChevronRightIcon,
  CrownIcon,
  DepositIcon,
  DocIcon,
  GamepadIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  ListIcon,
  NewsIcon,
  SendIcon,
  ShieldIcon,
  SwapIcon,
  UsersIcon,
  WalletIcon,
  WithdrawIcon,
} from '@/components/icons-extra';
import { Skeleton } from '@/components/loading';
import { BellIcon } from '@/components/notice-icons';
import { UnreadBadge } from '@/components/unread-badge';
import { useHomeIndex, type HomeGame, type HomeIndex } from '@/features/home/api/home-index';
import { NumberReveal } from '@/features/home/parts/number-reveal';
import { displayName } from '@/hooks/use-profile';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import { mediaUrl } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

/** Each game's tile: its mark and colour; yn28 is the trading hall. */
const GAME_TILES: Record<string, { name: MessageKey; mark: string; tint: string }> = {
  k3: { name: 'cc_game_k3', mark: 'K3', tint: 'var(--tint-red)' },
  pk10: { name: 'cc_game_pk10', mark: 'PK10', tint: 'var(--tint-blue)' },
  ssc: { name: 'cc_game_ssc', mark: 'SSC', tint: 'var(--tint-orange)' },
  rgb: {
    name: 'cc_game_rgb',
    mark: 'RGB',
    tint: 'linear-gradient(135deg, var(--tint-red), var(--tint-green) 55%, var(--tint-purple))',
  },
  yn28: { name: 'yn28_hall_title', mark: 'PC28', tint: 'var(--tint-sky)' },
};

export function Component() {
  const { t, lang } = useI18n();
  const home = useHomeIndex();
  const data = home.data;

  if (data === undefined && home.isError) {
    return (
      <main className="page">
        <Empty
          icon={<AlertIcon size={38} />}
          title={t('home_failed')}
          action={
            <Button onClick={() => void home.refetch()} loading={home.isFetching}>
              {t('retry')}
            </Button>
          }
        />
      </main>
    );
  }

  const player = data?.player;
  const name = player === undefined ? '' : displayName(player);

  return (
    <main>
      <section className={styles.hero}>
        <div className={styles.top}>
          <div className={styles.initial} aria-hidden="true">
            {player !== undefined && player.avatar !== '' ? (
              <img src={mediaUrl(player.avatar)} alt="" width={46} height={46} />
            ) : (
              name.slice(0, 1) || '·'
            )}
          </div>
          <div className={styles.hello}>
            {player === undefined ? (
              <Skeleton width={160} height={24} />
            ) : (
              <h1>{t('greeting', { name })}</h1>
            )}
            <p>{t('home_welcome', { app: t('app_name') })}</p>
          </div>
          <Link
            to={ROUTES.notice}
            className={styles.bell}
            aria-label={t('notice_title')}
            data-testid="home-messages"
          >
            <BellIcon size={18} />
            <UnreadBadge count={data?.unread} />
          </Link>
          <Link
            to={ROUTES.language}
            className={styles.lang}
            aria-label={`${lang.toUpperCase()} ${t('entry_language')}`}
          >
            <GlobeIcon size={15} />
            <span>{lang}</span>
          </Link>
        </div>
      </section>

      <div className={styles.body}>
        <AnnouncementTicker announcements={data?.announcements ?? []} />
        <Balances balances={data?.balances} />

        <div className={styles.actions} role="group" aria-label={t('wallet_actions')}>
          <Link to={ROUTES.deposit} className={styles.action}>
            <span className={styles.actionIcon} style={{ background: 'var(--tint-teal)' }}>
              <DepositIcon size={22} />
            </span>
            {t('deposit_title')}
          </Link>
          <Link to={ROUTES.withdraw} className={styles.action}>
            <span className={styles.actionIcon} style={{ background: 'var(--tint-orange)' }}>
              <WithdrawIcon size={22} />
            </span>
            {t('withdraw_title')}
          </Link>
          <Link to={ROUTES.conversion} className={styles.action}>
            <span className={styles.actionIcon} style={{ background: 'var(--tint-violet)' }}>
              <SwapIcon size={22} />
            </span>
            {t('conversion_title')}
          </Link>
          <Link to={ROUTES.account} className={styles.action}>
            <span className={styles.actionIcon} style={{ background: 'var(--tint-sky)' }}>
              <ListIcon size={22} />
            </span>
            {t('records_title')}
          </Link>
        </div>

        {data !== undefined && data.banners.length > 0 && <BannerCarousel banners={data.banners} />}

        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{t('cc_games')}</h2>
          <Link to={ROUTES.jogos} className={styles.more}>
            {t('home_all_games')}
          </Link>
        </div>
        <div className={styles.grid} role="group" aria-label={t('cc_games')}>
          {Object.keys(GAME_TILES).map((game) => (
            <GameTile
              key={game}
              game={game}
              entry={data?.entries.games.find((entry) => entry.game === game)}
            />
          ))}
          <Link to={ROUTES.ccLong} className={styles.tile} data-testid="game-long">
            <span
              className={styles.tileIcon}
              style={{ background: 'var(--tint-orange)', fontSize: 12, fontWeight: 800 }}
              aria-hidden="true"
            >
              LONG
            </span>
            <span className={styles.tileName}>{t('long_title')}</span>
          </Link>
        </div>

        <h2 className={styles.sectionTitle}>{t('home_entries')}</h2>
        <ProgrammeGrid entries={data?.entries} />

        <h2 className={styles.sectionTitle}>{t('shortcuts')}</h2>
        <ul className={styles.entries}>
          <Entry
            to={ROUTES.yuebao}
            icon={<CoinIcon size={22} />}
            tint="#17b890"
            title={t('yuebao_title')}
            text={t('yuebao_entry_text')}
          />
          <Entry
            to={ROUTES.bankCards}
            icon={<CardIcon size={22} />}
            tint="var(--tint-blue)"
            title={t('bank_cards_title')}
            text={t('entry_cards_text')}
          />
          <Entry
            to={ROUTES.passwords}
            icon={<ShieldIcon size={22} />}
            tint="var(--tint-orange)"
            title={t('passwords_title')}
            text={t('entry_security_text')}
          />
          <Entry
            to={ROUTES.mine}
            icon={<UserIcon size={22} />}
            tint="var(--tint-sky)"
            title={t('entry_mine')}
            text={t('entry_mine_text')}
          />
          <Entry
            to={ROUTES.language}
            icon={<GlobeIcon size={22} />}
            tint="var(--tint-violet)"
            title={t('entry_language')}
            text={languageOf(lang).native}
          />
          <Entry
            to={ROUTES.news}
            icon={<NewsIcon size={22} />}
            tint="var(--tint-orange)"
            title={t('news_title')}
            text={t('news_entry_text')}
          />
          <Entry
            to={ROUTES.customer}
            icon={<HeadsetIcon size={22} />}
            tint="var(--tint-teal)"
            title={t('entry_customer')}
            text={t('entry_customer_text')}
          />
          <Entry
            to={ROUTES.telegram}
            icon={<SendIcon size={22} />}
            tint="var(--tint-sky)"
            title={t('telegram_title')}
            text={t('telegram_text')}
          />
          <Entry
            to={ROUTES.helpList}
            icon={<DocIcon size={22} />}
            tint="var(--tint-blue)"
            title={t('help_title')}
            text={t('home_help_text')}
          />
          <Entry
            to={ROUTES.aboutUs}
            icon={<UsersIcon size={22} />}
            tint="var(--tint-purple)"
            title={t('about_title')}
            text={t('home_about_text')}
          />
        </ul>
      </div>
    </main>
  );
}

/** The wallet card: every balance counts up on first show (the spec's 2 s reveal). */
function Balances({ balances }: { balances: HomeIndex['balances'] | undefined }) {
  const { t } = useI18n();
  return (
    <section className={styles.wallet} aria-label={t('balance')}>
      <div className={styles.walletHead}>
        <span>{t('balance')}</span>
        <WalletIcon size={20} />
      </div>
      <div className={styles.amount}>
        {balances === undefined ? (
          <Skeleton width={150} height={34} />
        ) : (
          <NumberReveal value={balances.balance} testId="balance" />
        )}
      </div>
      <div className={styles.split}>
        <GamepadIcon size={20} />
        <span className={styles.splitLabel}>{t('game_balance')}</span>
        <span className={styles.splitValue}>
          {balances === undefined ? (
            <Skeleton width={70} height={20} />
          ) : (
            <NumberReveal value={balances.game_balance} testId="game-balance" />
          )}
        </span>
      </div>
      <dl className={styles.others}>
        {(
          [
            ['home_savings', balances?.savings],
            ['home_invest', balances?.invest],
            ['home_frozen', balances?.frozen],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              {value === undefined ? (
                <Skeleton width={60} height={18} />
              ) : (
                <NumberReveal value={value} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A game's tile; its rooms taking bets once the home call has answered. */
function GameTile({ game, entry }: { game: string; entry: HomeGame | undefined }) {
  const { t } = useI18n();
  const tile = GAME_TILES[game];
  if (tile === undefined) return null;
  return (
    <Link
      to={`${ROUTES.jogosDetails}?game=${game}`}
      className={styles.tile}
      data-testid={`game-${game}`}
    >
      <span
        className={styles.tileIcon}
        style={{ background: tile.tint, fontSize: 12, fontWeight: 800 }}
        aria-hidden="true"
      >
        {tile.mark}
      </span>
      <span className={styles.tileName}>{t(tile.name)}</span>
      {entry !== undefined && entry.taking_bets > 0 && (
        <span className={styles.live}>{t('home_live', { count: entry.taking_bets })}</span>
      )}
    </Link>
  );
}

const NOTHING_NEW: HomeIndex['entries'] = {
  games: [],
  products: { on_sale: 0, new: 0 },
  vip: { level: 0, next_level: null, upgrade_near: false },
  invite: { invite_code: '', invitees: 0, joined_recently: 0 },
  signin: { offered: false, signed_today: true, streak: 0 },
  tasks: { open: 0, ready: 0 },
  envelopes: { waiting: 0 },
  activities: { new: 0 },
};

/** The programmes, each with a badge for what is new on it. */
function ProgrammeGrid({ entries }: { entries: HomeIndex['entries'] | undefined }) {
  const { t } = useI18n();
  // Until the call answers the tiles show without badges (the page must not move when it does).
  const { products, vip, invite, signin, tasks, envelopes, activities } = entries ?? NOTHING_NEW;
  const tiles: {
    id: string;
    to: string;
    icon: ReactNode;
    tint: string;
    title: string;
    badge: string | null;
  }[] = [
    {
      id: 'signin',
      to: ROUTES.ccTaskSign,
      icon: <CalendarIcon size={22} />,
      tint: 'var(--tint-teal)',
      title: t('signin_title'),
      badge:
        entries === undefined || !signin.offered || signin.signed_today
          ? null
          : t('home_sign_today'),
    },
    {
      id: 'tasks',
      to: ROUTES.ccTaskJob,
      icon: <CheckCircleIcon size={22} />,
      tint: 'var(--tint-blue)',
      title: t('task_title'),
      badge: tasks.ready > 0 ? t('home_ready', { count: tasks.ready }) : null,
    },
    {
      id: 'envelopes',
      to: ROUTES.ccHong,
      icon: <GiftIcon size={22} />,
      tint: 'var(--tint-red)',
      title: t('envelope_title'),
      badge: envelopes.waiting > 0 ? t('home_waiting', { count: envelopes.waiting }) : null,
    },
    {
      id: 'products',
      to: ROUTES.goodList,
      icon: <BagIcon size={22} />,
      tint: 'var(--tint-purple)',
      title: t('goods_title'),
      badge: products.new > 0 ? t('home_new', { count: products.new }) : null,
    },
    {
      id: 'vip',
      to: ROUTES.vip,
      icon: <CrownIcon size={22} />,
      tint: 'var(--gold)',
      title: entries === undefined ? t('vip_title') : t('home_vip_level', { level: vip.level }),
      badge: vip.upgrade_near ? t('home_upgrade_near') : null,
    },
    {
      id: 'invite',
      to: ROUTES.invite,
      icon: <UsersIcon size={22} />,
      tint: 'var(--tint-violet)',
      title: t('invite_title'),
      badge: invite.joined_recently > 0 ? t('home_new', { count: invite.joined_recently }) : null,
    },
    {
      id: 'activities',
      to: ROUTES.events,
      icon: <NewsIcon size={22} />,
      tint: 'var(--tint-orange)',
      title: t('events_title'),
      badge: activities.new > 0 ? t('home_new', { count: activities.new }) : null,
    },
  ];
  return (
    <ul className={styles.grid}>
      {tiles.map((tile) => (
        <li key={tile.id}>
          <Link to={tile.to} className={styles.tile} data-testid={`entry-${tile.id}`}>
            <span className={styles.tileIcon} style={{ background: tile.tint }} aria-hidden="true">
              {tile.icon}
            </span>
            <span className={styles.tileName}>{tile.title}</span>
            {tile.badge !== null && (
              <span className={styles.badge} data-testid={`badge-${tile.id}`}>
                {tile.badge}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Entry({
  to,
  icon,
  tint,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  tint: string;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link to={to} className={styles.entry}>
        <span className={styles.entryIcon} style={{ background: tint }}>
          {icon}
        </span>
        <span className={styles.entryText}>
          <strong>{title}</strong>
          <span>{text}</span>
        </span>
        <ChevronRightIcon className={styles.chevron} size={20} />
      </Link>
    </li>
  );
}
