// pages/mine/index — the player's account: identity, balances, invite code, settings, the
// message list with its unread badge, log out.
import { useState } from 'react';
import { Link } from 'react-router';
import styles from '@/features/mine/pages/mine-page.module.css';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon, InboxIcon } from '@/components/icons';
import {
  BagIcon,
  CalendarIcon,
  CardIcon,
  CoinIcon,
  CopyIcon,
  CrownIcon,
  DepositIcon,
  GamepadIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  ListIcon,
  LockIcon,
  LogoutIcon,
  SettingsIcon,
  ShieldIcon,
  SwapIcon,
  UsersIcon,
  WalletIcon,
  WithdrawIcon,
} from '@/components/icons-extra';
import { Skeleton } from '@/components/loading';
import { Menu } from '@/components/menu';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { UnreadBadge } from '@/components/unread-badge';
import { logOut } from '@/lib/log-out';
import { copyText } from '@/lib/copy-text';
import { displayName, useProfile, type User } from '@/hooks/use-profile';
import { useUnreadCount } from '@/hooks/use-unread-count';
import { useI18n } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import { mediaUrl } from '@/lib/api';
import { confirm, toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const profile = useProfile({ fresh: true });
  const unread = useUnreadCount();
  const [leaving, setLeaving] = useState(false);
  const user = profile.data;

  const askLogout = async () => {
    const ok = await confirm({
      message: t('logout_confirm'),
      confirmText: t('logout'),
      danger: true,
    });
    if (!ok) return;
    setLeaving(true);
    // Leaving unmounts this page: the toast lives in the app-wide host.
    await logOut();
    toast(t('logged_out'), 'success');
  };

  const copyInvite = async (code: string) => {
    const ok = await copyText(code);
    toast(ok ? t('copied') : t('copy_failed'), ok ? 'success' : 'error');
  };

  return (
    <main className="page">
      <PageHeader title={t('mine_title')} />
      {user === undefined && profile.isError ? (
        <Empty
          icon={<AlertIcon size={38} />}
          title={t('profile_failed')}
          action={
            <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Identity user={user} />
          <div className="page-body">
            <section className={`card ${styles.balances}`}>
              <div className={styles.balance}>
                <span>{t('balance')}</span>
                <strong data-testid="mine-balance">
                  {user === undefined ? (
                    <Skeleton width={90} height={24} />
                  ) : (
                    <Money value={user.balance} />
                  )}
                </strong>
              </div>
              <div className={styles.balance}>
                <span>{t('game_balance')}</span>
                <strong data-testid="mine-game-balance">
                  {user === undefined ? (
                    <Skeleton width={90} height={24} />
                  ) : (
                    <Money value={user.game_balance} />
                  )}
                </strong>
              </div>
            </section>

            <section className={`card ${styles.invite}`}>
              <div className={styles.inviteText}>
                <span>{t('invite_code')}</span>
                <strong data-testid="invite-code">
                  {user === undefined ? (
                    <Skeleton width={110} height={24} />
                  ) : (
                    user.invite_code || t('invite_code_none')
                  )}
                </strong>
              </div>
              {user !== undefined && user.invite_code !== '' ? (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => void copyInvite(user.invite_code)}
                >
                  <CopyIcon size={16} />
                  {t('copy')}
                </Button>
              ) : null}
            </section>

            <div className={styles.quick} role="group" aria-label={t('wallet_actions')}>
              <Link to={ROUTES.deposit} className={styles.quickItem}>
                <DepositIcon size={24} />
                {t('deposit_title')}
              </Link>
              <Link to={ROUTES.withdraw} className={styles.quickItem}>
                <WithdrawIcon size={24} />
                {t('withdraw_title')}
              </Link>
              <Link to={ROUTES.conversion} className={styles.quickItem}>
                <SwapIcon size={24} />
                {t('conversion_title')}
              </Link>
            </div>

            <Menu
              label={t('notice_title')}
              entries={[
                {
                  to: ROUTES.notice,
                  icon: <InboxIcon size={21} />,
                  label: t('notice_title'),
                  value: <UnreadBadge count={unread.data} />,
                },
              ]}
            />
            <Menu
              label={t('wallet_actions')}
              entries={[
                { to: ROUTES.account, icon: <WalletIcon size={21} />, label: t('account_title') },
                { to: ROUTES.yuebao, icon: <CoinIcon size={21} />, label: t('yuebao_title') },
                { to: ROUTES.goodList, icon: <BagIcon size={21} />, label: t('goods_title') },
                {
                  to: ROUTES.goodOrder,
                  icon: <ListIcon size={21} />,
                  label: t('goods_order_title'),
                },
                {
                  to: ROUTES.playRecord,
                  icon: <GamepadIcon size={21} />,
                  label: t('records_play_title'),
                },
                {
                  to: ROUTES.bill,
                  icon: <ListIcon size={21} />,
                  label: t('account_changes_title'),
                },
                {
                  to: ROUTES.rechargeRecords,
                  icon: <DepositIcon size={21} />,
                  label: t('recharge_records_title'),
                },
                {
                  to: ROUTES.withdrawRecords,
                  icon: <WithdrawIcon size={21} />,
                  label: t('withdraw_records_title'),
                },
              ]}
            />
            <Menu
              label={t('rewards_group')}
              entries={[
                {
                  to: ROUTES.vip,
                  icon: <CrownIcon size={21} />,
                  label: t('vip_title'),
                  value: user === undefined ? undefined : t('vip_level', { level: user.vip_level }),
                },
                {
                  to: ROUTES.ccTaskSign,
                  icon: <CalendarIcon size={21} />,
                  label: t('signin_title'),
                },
                { to: ROUTES.ccTaskJob, icon: <ListIcon size={21} />, label: t('task_title') },
                { to: ROUTES.ccHong, icon: <GiftIcon size={21} />, label: t('envelope_title') },
                { to: ROUTES.invite, icon: <UsersIcon size={21} />, label: t('invite_title') },
                { to: ROUTES.buddy, icon: <UsersIcon size={21} />, label: t('team_title') },
                { to: ROUTES.backwater, icon: <CoinIcon size={21} />, label: t('rebate_title') },
                {
                  to: ROUTES.firstDeposit,
                  icon: <DepositIcon size={21} />,
                  label: t('bonus_first_title'),
                },
                {
                  to: ROUTES.returnCash,
                  icon: <GiftIcon size={21} />,
                  label: t('bonus_cashback_title'),
                },
              ]}
            />
            <Menu
              label={t('settings_security_group')}
              entries={[
                {
                  to: ROUTES.bankCards,
                  icon: <CardIcon size={21} />,
                  label: t('bank_cards_title'),
                  value:
                    user === undefined
                      ? undefined
                      : user.bank_card_bound
                        ? t('bound')
                        : t('not_bound'),
                },
                {
                  to: ROUTES.usdtAddresses,
                  icon: <CoinIcon size={21} />,
                  label: t('usdt_addresses_title'),
                },
                {
                  to: ROUTES.protection,
                  icon: <ShieldIcon size={21} />,
                  label: t('protection_title'),
                },
                { to: ROUTES.passwords, icon: <LockIcon size={21} />, label: t('passwords_title') },
                {
                  to: ROUTES.settings,
                  icon: <SettingsIcon size={21} />,
                  label: t('settings_title'),
                },
                {
                  to: ROUTES.language,
                  icon: <GlobeIcon size={21} />,
                  label: t('entry_language'),
                  value: languageOf(lang).native,
                },
                {
                  to: ROUTES.customer,
                  icon: <HeadsetIcon size={21} />,
                  label: t('entry_customer'),
                },
              ]}
            />

            <Button variant="danger" block onClick={() => void askLogout()} loading={leaving}>
              <LogoutIcon size={18} />
              {t('logout')}
            </Button>
          </div>
        </>
      )}
    </main>
  );
}

function Identity({ user }: { user: User | undefined }) {
  const { t } = useI18n();
  const name = user === undefined ? '' : displayName(user);
  return (
    <section className={styles.profile}>
      <Link to={ROUTES.setHeader} className={styles.avatar} aria-label={t('avatar_title')}>
        {user !== undefined && user.avatar !== '' ? (
          <img
            src={mediaUrl(user.avatar)}
            alt=""
            width={64}
            height={64}
            data-testid="mine-avatar"
          />
        ) : (
          name.slice(0, 1) || '·'
        )}
      </Link>
      <div className={styles.who}>
        <div className={styles.name}>
          {user === undefined ? (
            <Skeleton width={140} height={24} />
          ) : (
            <span data-testid="mine-name">{name}</span>
          )}
          {user === undefined ? null : (
            <span className={styles.vip}>{t('vip_level', { level: user.vip_level })}</span>
          )}
        </div>
        {user === undefined ? (
          <Skeleton width={110} height={18} />
        ) : name === user.phone ? null : (
          // Without a nickname or login name the masked phone already is the name.
          <div className={styles.phone} data-testid="mine-phone">
            {user.phone}
          </div>
        )}
      </div>
    </section>
  );
}
