import type { ReactNode } from 'react';
import { useText, type TextKey } from '@/console/i18n/i18n';
import { may } from '@/console/lib/may';
import { useSessionState } from '@/console/lib/session';
import { ErrorAlert } from '@/console/parts/messages';
import styles from '@/console/pages/pages.module.css';

/** Its children with the permission; else the page title and why there is nothing. */
export function RequirePermission({
  permission,
  title,
  refusal,
  children,
}: {
  permission: string;
  title: TextKey;
  refusal: TextKey;
  children: ReactNode;
}) {
  const { t } = useText();
  const { session } = useSessionState();
  if (may(session?.permissions ?? [], permission)) return children;
  return (
    <>
      <h1 className={styles.title}>{t(title)}</h1>
      <ErrorAlert>{t(refusal)}</ErrorAlert>
    </>
  );
}
