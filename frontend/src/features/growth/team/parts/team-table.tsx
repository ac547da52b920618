// The team per level and in total: people, recharge, bets, withdrawals and the commission
// earned from each level.
import { DataTable } from '@/components/data-table';
import { Money } from '@/components/money';
import type { TeamFigures, TeamSummary } from '@/features/growth/team/api/team';
import { useI18n } from '@/i18n/i18n';

export function TeamTable({ summary }: { summary: TeamSummary }) {
  const { t } = useI18n();
  const rows: TeamFigures[] = [...summary.levels, summary.total];
  return (
    <DataTable label={t('team_figures')} testId="team-table">
      <thead>
        <tr>
          <th scope="col">{t('team_level_column')}</th>
          <th scope="col" data-align="end">
            {t('team_people')}
          </th>
          <th scope="col" data-align="end">
            {t('team_recharge')}
          </th>
          <th scope="col" data-align="end">
            {t('team_bets')}
          </th>
          <th scope="col" data-align="end">
            {t('team_withdrawals')}
          </th>
          <th scope="col" data-align="end">
            {t('team_bonus')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.level} data-testid={`team-level-${row.level}`}>
            <th scope="row" style={{ whiteSpace: 'nowrap' }}>
              {row.level === 0 ? t('team_total') : t('team_level', { level: row.level })}
            </th>
            <td data-align="end">{row.people}</td>
            <td data-align="end">
              <Money value={row.recharge} />
            </td>
            <td data-align="end">
              <Money value={row.bets} />
            </td>
            <td data-align="end">
              <Money value={row.withdrawals} />
            </td>
            <td data-align="end">
              <Money value={row.bonus} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
