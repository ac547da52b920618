// pages/mine/account/index — the account overview: balances (the frozen part included), the
// deposit bonuses still waiting for play, the money actions and the records.
import { Link } from 'react-router';
import { ChartIcon } from '@/components/icons';
import {
  CardIcon,
  CoinIcon,
  DepositIcon,
  ListIcon,
  ShieldIcon,
  SwapIcon,
  WithdrawIcon,
} from '@/components/icons-extra';
import { LoadingGate } from '@/components/loading-gate';
import { Menu } from '@/components/menu';
import { Money } from '@/components/money';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { PendingBonus } from '@/features/wallet/parts/bonus-slot';
import styles from '@/features/wallet/parts/wallet.module.css';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { minorOr0 } from '@/lib/money';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const profile = useProfile({ fresh: true });

  return (
    <main className="page">
      <PageHeader title={t('account_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <LoadingGate queries={[profile]} ready={profile.data !== undefined}>
          {() => {
            const user = profile.data!;
            return (
              <>
                <section className={styles.hero}>
                  <span className={styles.heroLabel}>{t('balance')}</span>
                  <span className={styles.heroAmount} data-testid="account-balance">
                    <Money value={user.balance} />
                  </span>
                </section>
                <div className={styles.stats}>
                  <div className={styles.stat}>
                    <span>{t('game_balance')}</span>
                    <strong data-testid="account-game-balance">
                      <Money value={user.game_balance} />
                    </strong>
                  </div>
                  <div className={styles.stat} data-tone="frozen">
                    <span>{t('frozen_balance')}</span>
                    <strong data-testid="account-frozen">
                      <Money value={user.frozen} />
                    </strong>
                  </div>
                  <div className={styles.stat}>
                    <span>{t('total_deposit')}</span>
                    <strong>
                      <Money value={user.total_deposit} />
                    </strong>
                  </div>
                  <div className={styles.stat}>
                    <span>{t('betting_points')}</span>
                    <strong>
                      <Money value={user.betting_points} />
                    </strong>
                  </div>
                </div>
                {minorOr0(user.frozen) > 0n ? <Notice>{t('frozen_note')}</Notice> : null}
                <PendingBonus />
                <div className={styles.actions} role="group" aria-label={t('wallet_actions')}>
                  <Link to={ROUTES.deposit} className={styles.action}>
                    <DepositIcon size={24} />
                    {t('deposit_title')}
                  </Link>
                  <Link to={ROUTES.withdraw} className={styles.action}>
                    <WithdrawIcon size={24} />
                    {t('withdraw_title')}
                  </Link>
                  <Link to={ROUTES.conversion} className={styles.action}>
                    <SwapIcon size={24} />
                    {t('conversion_title')}
                  </Link>
                </div>
                <Menu
                  label={t('records_title')}
                  entries={[
                    {
                      to: ROUTES.bill,
                      icon: <ListIcon size={21} />,
                      label: t('account_changes_title'),
                    },
                    {
                      to: ROUTES.statement,
                      icon: <ListIcon size={21} />,
                      label: t('statement_title'),
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
                    {
                      to: ROUTES.investmentRecords,
                      icon: <ChartIcon size={21} />,
                      label: t('investment_records_title'),
                    },
                  ]}
                />
                <Menu
                  label={t('protection_title')}
                  entries={[
                    {
                      to: ROUTES.protection,
                      icon: <ShieldIcon size={21} />,
                      label: t('protection_title'),
                    },
                  ]}
                />
                <Menu
                  label={t('withdraw_accounts')}
                  entries={[
                    {
                      to: ROUTES.bankCards,
                      icon: <CardIcon size={21} />,
                      label: t('bank_cards_title'),
                      value: user.bank_card_bound ? t('bound') : t('not_bound'),
                    },
                    {
                      to: ROUTES.usdtAddresses,
                      icon: <CoinIcon size={21} />,
                      label: t('usdt_addresses_title'),
                    },
                  ]}
                />
              </>
            );
          }}
        </LoadingGate>
      </div>
    </main>
  );
}
