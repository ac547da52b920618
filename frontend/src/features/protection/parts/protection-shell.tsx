// What the app shell shows on every page of a logged-in player (loaded by app/root.tsx):
// - the banner of a running time-out or self-exclusion, which also leaves a closed page when the
//   exclusion becomes known without a navigation (right after login or after taking one);
// - the reality-check dialog: when the session's check falls due it shows the time played and
//   the net result since login, and stays until the player acknowledges it.
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Rows } from '@/components/rows';
import styles from '@/features/protection/parts/protection.module.css';
import { useProfile } from '@/hooks/use-profile';
import { useAcknowledgeRealityCheck, useRealitySession } from '@/hooks/use-reality-check';
import { useI18n, type Translate } from '@/i18n/i18n';
import { logOut } from '@/lib/log-out';
import { formatMoney, signOf } from '@/lib/money';
import { exclusionRedirect, exclusionRuns } from '@/lib/protection';
import { ROUTES } from '@/lib/routes';
import { formatDateTime, serverNow } from '@/lib/time';

export function ExclusionBanner() {
  const { t } = useI18n();
  const profile = useProfile();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const exclusion = profile.data?.exclusion;
  const runs = exclusionRuns(exclusion, serverNow());

  useEffect(() => {
    if (!runs) return;
    const target = exclusionRedirect(pathname);
    if (target !== null) void navigate(target, { replace: true });
  }, [runs, pathname, navigate]);

  if (!runs) return null;
  const until = formatDateTime(exclusion.until);
  return (
    <div className={styles.banner} role="status" data-testid="exclusion-banner">
      <span>
        {exclusion.kind === 'timeout'
          ? t('protection_banner_timeout', { until })
          : t('protection_banner_self', { until })}
      </span>
      {pathname === ROUTES.protection ? null : (
        <Link to={ROUTES.protection}>{t('protection_banner_link')}</Link>
      )}
    </div>
  );
}

/** "1 h 05 min" */
export function elapsedLabel(seconds: number, t: Translate): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return t('reality_elapsed', {
    h: Math.floor(minutes / 60),
    m: String(minutes % 60).padStart(2, '0'),
  });
}

export function RealityCheck() {
  const { t } = useI18n();
  const session = useRealitySession();
  const acknowledge = useAcknowledgeRealityCheck();
  const data = session.data;
  if (data === undefined || !data.due) return null;
  const sign = signOf(data.net);

  return (
    // Escape and a tap outside do nothing: only the acknowledgement closes it.
    <Dialog title={t('reality_dialog_title')} onClose={() => undefined} testId="reality-check">
      <p>{t('reality_dialog_text', { since: formatDateTime(data.started_at) })}</p>
      <div className={styles.figures}>
        <Rows
          rows={[
            {
              label: t('reality_time_label'),
              value: elapsedLabel(data.elapsed_secs, t),
              testId: 'reality-elapsed',
            },
            {
              label: t('reality_net_label'),
              value: (
                <span className={styles.net} data-sign={sign}>
                  {sign > 0 ? '+' : ''}
                  {formatMoney(data.net)}
                </span>
              ),
              strong: true,
              testId: 'reality-net',
            },
          ]}
        />
      </div>
      <div className={styles.dialogActions}>
        <Button block loading={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
          {t('reality_continue')}
        </Button>
        <Button variant="ghost" block onClick={() => void logOut()}>
          {t('reality_logout')}
        </Button>
      </div>
    </Dialog>
  );
}
