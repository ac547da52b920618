// The members of one team level, newest first, with level tabs and endless paging.
import { useState } from 'react';
import { InfiniteList } from '@/components/infinite-list';
import { LinkButton } from '@/components/link-button';
import { Money } from '@/components/money';
import { Tabs } from '@/components/tabs';
import { useTeamMembers, type TeamLevel, type TeamMember } from '@/features/growth/team/api/team';
import styles from '@/features/growth/team/parts/team.module.css';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { formatDate } from '@/lib/time';

const LEVELS: readonly TeamLevel[] = [1, 2, 3];

export function TeamMembers() {
  const { t } = useI18n();
  const [level, setLevel] = useState<TeamLevel>(1);
  const query = useTeamMembers(level);
  return (
    <>
      <Tabs
        label={t('team_members')}
        value={String(level)}
        choices={LEVELS.map((value) => ({
          value: String(value),
          label: t('team_level', { level: value }),
        }))}
        onChange={(value) => setLevel(Number(value) as TeamLevel)}
        testId={(value) => `team-tab-${value}`}
      />
      <InfiniteList
        query={query}
        label={t('team_members')}
        keyOf={(member: TeamMember) => `${member.phone}-${member.joined_at}`}
        emptyTitle={t('team_members_empty')}
        emptyText={t('team_members_empty_text')}
        emptyAction={<LinkButton to={ROUTES.invite}>{t('invite_title')}</LinkButton>}
        render={(member) => <MemberEntry member={member} />}
      />
    </>
  );
}

function MemberEntry({ member }: { member: TeamMember }) {
  const { t } = useI18n();
  return (
    <div className={styles.entry} data-testid="team-member">
      <div className={styles.entryHead}>
        <span>{member.phone}</span>
        <span>{t('team_level', { level: member.level })}</span>
      </div>
      <div className={styles.entryMeta}>
        <span>
          {t('team_joined')} {formatDate(member.joined_at)}
        </span>
        <span>
          {t('team_recharge')} <Money value={member.recharge} />
        </span>
        <span>
          {t('team_bets')} <Money value={member.bets} />
        </span>
      </div>
    </div>
  );
}
