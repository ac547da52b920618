// Every level's conditions and benefits, the player's own level marked.
import { DataTable } from '@/components/data-table';
import type { VipLevel } from '@/features/growth/vip/api/vip-index';
import styles from '@/features/growth/vip/parts/vip.module.css';
import { percentOfBp } from '@/features/growth/vip/parts/rates';
import { useI18n } from '@/i18n/i18n';
import { formatMoney } from '@/lib/money';

export function LevelTable({ levels, current }: { levels: VipLevel[]; current: number }) {
  const { t } = useI18n();
  return (
    <DataTable label={t('vip_levels_title')} testId="vip-levels">
      <thead>
        <tr>
          <th scope="col">{t('vip_col_level')}</th>
          <th scope="col" data-align="end">
            {t('vip_col_deposit')}
          </th>
          <th scope="col" data-align="end">
            {t('vip_col_betting')}
          </th>
          <th scope="col" data-align="end">
            {t('vip_col_reward')}
          </th>
          <th scope="col" data-align="end">
            {t('vip_col_single_max')}
          </th>
          <th scope="col" data-align="end">
            {t('vip_col_daily_count')}
          </th>
          <th scope="col" data-align="end">
            {t('vip_col_deposit_reward')}
          </th>
        </tr>
      </thead>
      <tbody>
        {levels.map((level) => (
          <tr
            key={level.level}
            className={level.level === current ? styles.currentRow : undefined}
            aria-current={level.level === current ? 'true' : undefined}
          >
            <th scope="row" className={styles.levelName}>
              {t('vip_level', { level: level.level })}
            </th>
            <td data-align="end">{formatMoney(level.total_deposit)}</td>
            <td data-align="end">{formatMoney(level.betting_points)}</td>
            <td data-align="end">{formatMoney(level.upgrade_reward)}</td>
            <td data-align="end">{formatMoney(level.withdraw_single_max)}</td>
            <td data-align="end">{level.withdraw_daily_count}</td>
            <td data-align="end">{`${percentOfBp(level.deposit_reward_bp)} %`}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
