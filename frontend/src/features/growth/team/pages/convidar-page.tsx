// pages/convidar/index — Invite: the player's invitation code and link, each with a copy button,
// and the link as a QR code (qrcode.react: already the app's QR renderer for USDT addresses,
// SVG output, no canvas, maintained; this route's chunk carries it).
import { QRCodeSVG } from 'qrcode.react';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { inviteLink, useTeam, type TeamSummary } from '@/features/growth/team/api/team';
import { CopyButton } from '@/features/growth/team/parts/copy-button';
import styles from '@/features/growth/team/parts/team.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const team = useTeam();
  return (
    <main className="page">
      <PageHeader title={t('invite_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[team]} ready={team.data !== undefined}>
          {() => <InviteCard summary={team.data!} />}
        </LoadingGate>
        <LinkButton to={ROUTES.buddy} variant="secondary" block>
          {t('team_title')}
        </LinkButton>
      </div>
    </main>
  );
}

function InviteCard({ summary }: { summary: TeamSummary }) {
  const { t } = useI18n();
  const link = inviteLink(summary);
  return (
    <section className={`card ${styles.invite}`} aria-label={t('invite_title')}>
      <h2 className={styles.note}>{t('invite_your_code')}</h2>
      <p className={styles.code} data-testid="invite-code">
        {summary.invite_code}
      </p>
      <div className={styles.qr}>
        <QRCodeSVG
          value={link}
          size={176}
          marginSize={2}
          role="img"
          aria-label={t('invite_qr_label')}
          data-testid="invite-qr"
        />
      </div>
      <h2 className={styles.note}>{t('invite_link')}</h2>
      <p className={styles.link} data-testid="invite-link">
        {link}
      </p>
      <div className={styles.actions}>
        <CopyButton text={summary.invite_code} label={t('invite_copy_code')} testId="copy-code" />
        <CopyButton text={link} label={t('invite_copy_link')} testId="copy-link" />
      </div>
      <p className={styles.note}>{t('invite_note')}</p>
    </section>
  );
}
