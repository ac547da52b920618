// Home (/ and pages/home/index): greeting, balances and the entries that exist today.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '@/features/home/pages/home-page.module.css';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon, UserIcon } from '@/components/icons';
import {
  BagIcon,
  CardIcon,
  CoinIcon,
  ChevronRightIcon,
  DepositIcon,
  GamepadIcon,
  GlobeIcon,
  HeadsetIcon,
  ListIcon,
  NewsIcon,
  ShieldIcon,
  SwapIcon,
  WalletIcon,
  WithdrawIcon,
} from '@/components/icons-extra';
import { Skeleton } from '@/components/loading';
import { Money } from '@/components/money';
import { displayName, useProfile } from '@/hooks/use-profile';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import { mediaUrl } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

/** The scheduled games (pages/cc), each opening its play page. */
const GAMES: readonly { id: string; to: string; name: MessageKey; mark: string; tint: string }[] = [
  { id: 'k3', to: ROUTES.ccK3, name: 'cc_game_k3', mark: 'K3', tint: 'var(--tint-red)' },
  { id: 'pk10', to: ROUTES.ccPk, name: 'cc_game_pk10', mark: 'PK10', tint: 'var(--tint-blue)' },
  { id: 'ssc', to: ROUTES.ccSsc, name: 'cc_game_ssc', mark: 'SSC', tint: 'var(--tint-orange)' },
  {
    id: 'rgb',
    to: ROUTES.ccRgb,
    name: 'cc_game_rgb',
    mark: 'RGB',
    tint: 'linear-gradient(135deg, var(--tint-red), var(--tint-green) 55%, var(--tint-purple))',
  },
  {
    id: 'yn28',
    to: ROUTES.yn28Room,
    name: 'yn28_hall_title',
    mark: 'PC28',
    tint: 'var(--tint-sky)',
  },
  // Not a game: the board of current runs across the games.
  { id: 'long', to: ROUTES.ccLong, name: 'long_title', mark: 'LONG', tint: 'var(--tint-orange)' },
];

export function Component() {
  const { t, lang } = useI18n();
  const profile = useProfile({ fresh: true });
  const user = profile.data;

  if (user === undefined && profile.isError) {
    return (
      <main className="page">
        <Empty
          icon={<AlertIcon size={38} />}
          title={t('profile_failed')}
          action={
            <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
              {t('retry')}
            </Button>
          }
        />
      </main>
    );
  }

  const name = user === undefined ? '' : displayName(user);

  return (
    <main>
      <section className={styles.hero}>
        <div className={styles.top}>
          <div className={styles.initial} aria-hidden="true">
            {user !== undefined && user.avatar !== '' ? (
              <img src={mediaUrl(user.avatar)} alt="" width={46} height={46} />
            ) : (
              name.slice(0, 1) || '·'
            )}
          </div>
          <div className={styles.hello}>
            {user === undefined ? (
              <Skeleton width={160} height={24} />
            ) : (
              <h1>{t('greeting', { name })}</h1>
            )}
            <p>{t('home_welcome', { app: t('app_name') })}</p>
          </div>
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
        <section className={styles.wallet} aria-label={t('balance')}>
          <div className={styles.walletHead}>
            <span>{t('balance')}</span>
            <WalletIcon size={20} />
          </div>
          <div className={styles.amount} data-testid="balance">
            {user === undefined ? (
              <Skeleton width={150} height={34} />
            ) : (
              <Money value={user.balance} />
            )}
          </div>
          <div className={styles.split}>
            <GamepadIcon size={20} />
            <span className={styles.splitLabel}>{t('game_balance')}</span>
            <span className={styles.splitValue} data-testid="game-balance">
              {user === undefined ? (
                <Skeleton width={70} height={20} />
              ) : (
                <Money value={user.game_balance} />
              )}
            </span>
          </div>
        </section>

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

        <h2 className={styles.sectionTitle}>{t('cc_games')}</h2>
        <div className={styles.actions} role="group" aria-label={t('cc_games')}>
          {GAMES.map((game) => (
            <Link
              key={game.to}
              to={game.to}
              className={styles.action}
              data-testid={`game-${game.id}`}
            >
              <span
                className={styles.actionIcon}
                style={{ background: game.tint, fontSize: 12.5, fontWeight: 800 }}
                aria-hidden="true"
              >
                {game.mark}
              </span>
              {t(game.name)}
            </Link>
          ))}
        </div>

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
            to={ROUTES.goodList}
            icon={<BagIcon size={22} />}
            tint="var(--tint-purple)"
            title={t('goods_title')}
            text={t('goods_entry_text')}
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
        </ul>
      </div>
    </main>
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
