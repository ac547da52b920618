// pages/buddy/index — Become a Partner: the team per level and in total, the members of each
// level, and the weekly salary (this week so far, the table, the history).
import { Section } from '@/components/form';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useTeam } from '@/features/growth/team/api/team';
import { SalarySection } from '@/features/growth/team/parts/salary-section';
import styles from '@/features/growth/team/parts/team.module.css';
import { TeamMembers } from '@/features/growth/team/parts/team-members';
import { TeamTable } from '@/features/growth/team/parts/team-table';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const team = useTeam();
  return (
    <main className="page">
      <PageHeader title={t('team_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <Section title={t('team_figures')}>
          <LoadingGate queries={[team]} ready={team.data !== undefined}>
            {() => <TeamTable summary={team.data!} />}
          </LoadingGate>
          <div className={styles.actions}>
            <LinkButton to={ROUTES.invite} size="small">
              {t('invite_title')}
            </LinkButton>
            <LinkButton to={ROUTES.backwater} size="small" variant="secondary">
              {t('rebate_title')}
            </LinkButton>
          </div>
        </Section>
        <Section title={t('team_members')}>
          <TeamMembers />
        </Section>
        <SalarySection />
      </div>
    </main>
  );
}
