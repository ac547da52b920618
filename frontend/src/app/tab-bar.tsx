// The bottom tab bar of spec section 2: home, trend (1), usdtrate (2), customer (3), mine (4).
import type { ComponentType, MouseEvent } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import styles from '@/app/tab-bar.module.css';
import { ChartIcon, ExchangeIcon, HomeIcon, PickaxeIcon, UserIcon } from '@/components/icons';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

type Tab = { to: string; also?: string; label: MessageKey; Icon: ComponentType<{ size?: number }> };

export const TABS: readonly Tab[] = [
  { to: ROUTES.home, also: ROUTES.root, label: 'tab_home', Icon: HomeIcon },
  { to: ROUTES.trend, label: 'tab_trend', Icon: ChartIcon },
  { to: ROUTES.usdtrate, label: 'tab_usdtrate', Icon: PickaxeIcon },
  { to: ROUTES.customer, label: 'tab_customer', Icon: ExchangeIcon },
  { to: ROUTES.mine, label: 'tab_mine', Icon: UserIcon },
];

export function TabBar() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <nav className={styles.bar} aria-label={t('tab_bar')}>
      {TABS.map(({ to, also, label, Icon }) => {
        const active = pathname === to || pathname === also;
        // Never navigate to the page that is already open.
        const onClick = (event: MouseEvent) => active && event.preventDefault();
        return (
          <Link
            key={to}
            to={to}
            replace
            className={styles.tab}
            aria-current={active ? 'page' : undefined}
            onClick={onClick}
          >
            <Icon size={22} />
            <span>{t(label)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** Layout of the five tab pages: the page, then the fixed bar. */
export function TabLayout() {
  return (
    <div className={styles.withTabs}>
      <Outlet />
      <TabBar />
    </div>
  );
}
