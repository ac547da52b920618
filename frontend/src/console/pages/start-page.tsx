// The console's start (/): the first screen of START_PAGES the staff member may open (the
// deposit queue for a reviewer of deposits, ...), else a welcome.
import { Navigate } from 'react-router';
import { useText } from '@/console/i18n/i18n';
import {
  AUDIT_READ,
  DEPOSIT_REVIEW,
  may,
  PLAYER_READ,
  STAFF_MANAGE,
  WITHDRAWAL_REVIEW,
} from '@/console/lib/may';
import { useSessionState } from '@/console/lib/session';
import styles from '@/console/pages/pages.module.css';

const START_PAGES: [permission: string, path: string][] = [
  [DEPOSIT_REVIEW, '/deposits'],
  [WITHDRAWAL_REVIEW, '/withdrawals'],
  [PLAYER_READ, '/players'],
  [STAFF_MANAGE, '/staff'],
  [AUDIT_READ, '/audit'],
];

export function StartPage() {
  const { t } = useText();
  const { session } = useSessionState();
  if (session === undefined || session === null) return null;
  const start = START_PAGES.find(([permission]) => may(session.permissions, permission));
  if (start !== undefined) return <Navigate to={start[1]} replace />;
  return (
    <>
      <h1 className={styles.title}>{t('home_title', { name: session.name })}</h1>
      <p className={styles.lead}>{t('home_text', { role: session.role })}</p>
    </>
  );
}
