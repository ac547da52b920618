// The signed-in console: header (hall name, nav, staff member, language, sign-out) and the
// content area. Without a session it sends the browser to the sign-in screen, remembering
// where it was going; the tab title counts what waits for review.
import { useRef, useState, type MouseEvent } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/button';
import { LoadingView } from '@/components/loading';
import { useQueues, waitingCount } from '@/console/api/queues';
import { signOut } from '@/console/api/session';
import { LanguageSwitch } from '@/console/app/language-switch';
import styles from '@/console/app/shell.module.css';
import { useTabTitle } from '@/console/app/use-tab-title';
import { useText } from '@/console/i18n/i18n';
import {
  AUDIT_READ,
  DEPOSIT_REVIEW,
  may,
  PLAYER_READ,
  STAFF_MANAGE,
  WITHDRAWAL_REVIEW,
} from '@/console/lib/may';
import { useSessionState, type SessionView } from '@/console/lib/session';

export const SIGN_IN_PATH = '/sign-in';

export function Shell() {
  const { t } = useText();
  const { session } = useSessionState();
  const location = useLocation();
  if (session === undefined)
    return (
      <main className={styles.center}>
        <LoadingView label={t('loading')} />
      </main>
    );
  if (session === null)
    return (
      <Navigate to={SIGN_IN_PATH} replace state={{ from: location.pathname + location.search }} />
    );
  return <SignedIn session={session} />;
}

function SignedIn({ session }: { session: SessionView }) {
  const { t } = useText();
  const main = useRef<HTMLElement>(null);
  const [leaving, setLeaving] = useState(false);
  const queues = useQueues();
  useTabTitle(waitingCount(queues.data));
  const deposits = queues.data?.deposits ?? null;
  const withdrawals = queues.data?.withdrawals ?? null;

  const skipToContent = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };
  const leave = () => {
    setLeaving(true);
    signOut().catch(() => setLeaving(false));
  };

  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skip} onClick={skipToContent}>
        {t('skip_to_content')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <p className={styles.brand}>{t('brand')}</p>
          <nav className={styles.nav} aria-label={t('nav_label')}>
            <ul className={styles.navList}>
              {may(session.permissions, DEPOSIT_REVIEW) ? (
                <li>
                  <NavLink to="/deposits" className={styles.navLink}>
                    {t('nav_deposits')}
                    {deposits !== null && deposits.waiting > 0 ? (
                      <span className={styles.count} data-testid="deposits-waiting">
                        <span aria-hidden="true">{deposits.waiting}</span>
                        <span className="sr-only">{t('nav_waiting', { n: deposits.waiting })}</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ) : null}
              {may(session.permissions, WITHDRAWAL_REVIEW) ? (
                <li>
                  <NavLink to="/withdrawals" className={styles.navLink}>
                    {t('nav_withdrawals')}
                    {withdrawals !== null && withdrawals.waiting > 0 ? (
                      <span className={styles.count} data-testid="withdrawals-waiting">
                        <span aria-hidden="true">{withdrawals.waiting}</span>
                        <span className="sr-only">
                          {t('nav_waiting', { n: withdrawals.waiting })}
                        </span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ) : null}
              {may(session.permissions, PLAYER_READ) ? (
                <li>
                  <NavLink to="/players" className={styles.navLink}>
                    {t('nav_players')}
                  </NavLink>
                </li>
              ) : null}
              {may(session.permissions, STAFF_MANAGE) ? (
                <li>
                  <NavLink to="/staff" className={styles.navLink}>
                    {t('nav_staff')}
                  </NavLink>
                </li>
              ) : null}
              {may(session.permissions, AUDIT_READ) ? (
                <li>
                  <NavLink to="/audit" className={styles.navLink}>
                    {t('nav_audit')}
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className={styles.tools}>
            <p className={styles.staff}>
              <span className={styles.staffName} data-testid="staff-name">
                {session.name}
              </span>
              <span className={styles.staffRole}>{t('staff_role', { role: session.role })}</span>
            </p>
            <LanguageSwitch />
            <Button variant="ghost" size="small" loading={leaving} onClick={leave}>
              {t('sign_out')}
            </Button>
          </div>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
