// The console's start (/): the deposit queue for a reviewer of deposits, else the withdrawal
// queue for a reviewer of withdrawals, else the player desk for a reader of players, else a
// welcome.
import { Navigate } from 'react-router';
import { useText } from '@/console/i18n/i18n';
import { DEPOSIT_REVIEW, may, PLAYER_READ, WITHDRAWAL_REVIEW } from '@/console/lib/may';
import { useSessionState } from '@/console/lib/session';
import styles from '@/console/pages/pages.module.css';

export function StartPage() {
  const { t } = useText();
  const { session } = useSessionState();
  if (session === undefined || session === null) return null;
  if (may(session.permissions, DEPOSIT_REVIEW)) return <Navigate to="/deposits" replace />;
  if (may(session.permissions, WITHDRAWAL_REVIEW)) return <Navigate to="/withdrawals" replace />;
  if (may(session.permissions, PLAYER_READ)) return <Navigate to="/players" replace />;
  return (
    <>
      <h1 className={styles.title}>{t('home_title', { name: session.name })}</h1>
      <p className={styles.lead}>{t('home_text', { role: session.role })}</p>
    </>
  );
}
