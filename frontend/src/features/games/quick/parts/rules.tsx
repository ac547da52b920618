// The game's rules: every option code with what makes it win and its odds, plus the room's
// special rules. Collapsed by default; the table is only built when opened.
import { useState } from 'react';
import type { RoomOdds } from '@/features/games/api/odds';
import type { Game } from '@/features/games/quick/games';
import { winsWhen, type BoardGroup, type RoomRules } from '@/features/games/quick/options';
import styles from '@/features/games/quick/parts/cc.module.css';
import { ruleNotes } from '@/features/games/parts/rule-notes';
import { say } from '@/features/games/parts/text';
import { DataTable } from '@/components/data-table';
import { useI18n } from '@/i18n/i18n';

export function Rules({
  game,
  odds,
  groups,
}: {
  game: Game;
  odds: RoomOdds<RoomRules>;
  groups: readonly BoardGroup[];
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const rules = odds.rules ?? {};
  return (
    <details
      className={`card ${styles.rules}`}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="rules"
    >
      <summary>{t('cc_rules')}</summary>
      {open ? (
        <div className={styles.rulesBody}>
          {ruleNotes(game, odds).map((note, index) => (
            <p key={index}>{say(note, t)}</p>
          ))}
          {groups.map((group) => (
            <DataTable key={group.id} label={say(group.title, t)} caption fixed>
              <colgroup>
                <col className={styles.ruleOptionCol} />
                <col />
                <col className={styles.ruleOddsCol} />
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">{t('cc_rules_option')}</th>
                  <th scope="col">{t('cc_rules_wins')}</th>
                  <th scope="col" data-align="end">
                    {t('cc_rules_odds')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.items.map((item) => (
                  <tr key={item.code} data-code={item.code}>
                    <th scope="row">
                      {say(item.label, t)}
                      <code className={styles.ruleCode}>{item.code}</code>
                    </th>
                    <td>{say(winsWhen(game, item.parsed, rules), t)}</td>
                    <td className={styles.ruleOdds} data-align="end">
                      {item.option.odds}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          ))}
        </div>
      ) : null}
    </details>
  );
}
