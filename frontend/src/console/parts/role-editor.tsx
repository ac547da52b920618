// The player desk's roles, for staff:member:manage: each role held with a Remove button, and a
// role added by name (the common ones offered). The server gives a role only to someone who
// holds every permission it grants (admin: *:*:*) and refuses otherwise (no_permission).
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import type { PlayerReport } from '@/console/api/player';
import { useChangeRole, type RoleChange } from '@/console/api/player-actions';
import { useText } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert } from '@/console/parts/messages';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';

/** The roles of the default role table (config.example.toml, [console.roles]). */
export const COMMON_ROLES = ['admin', 'finance', 'support', 'content'] as const;
/** Longest role name (auth::permissions::NAME_LENGTH_MAX). */
const ROLE_CHARS_MAX = 64;

export function RoleEditor({
  report,
  onDone,
}: {
  report: PlayerReport;
  onDone: (text: string) => void;
}) {
  const { t } = useText();
  const listId = useId();
  const change = useChangeRole(report.account.id);
  const [role, setRole] = useState('');
  const [missing, setMissing] = useState(false);
  const roles = report.grants.roles;
  const run = (input: RoleChange) =>
    change.mutate(input, {
      onSuccess: () => {
        if (input.change === 'add') setRole('');
        onDone(t(input.change === 'add' ? 'done_role_added' : 'done_role_removed', input));
      },
    });
  const add = () => {
    const name = role.trim();
    setMissing(name === '');
    if (name !== '') run({ role: name, change: 'add' });
  };

  return (
    <div className={styles.subsection}>
      <h3 id="player-roles">{t('roles_title')}</h3>
      {roles.length === 0 ? (
        <p className={styles.lead}>{t('roles_none')}</p>
      ) : (
        <ul className={styles.roleList} aria-labelledby="player-roles" data-testid="role-list">
          {roles.map((name) => (
            <li key={name}>
              <span className={styles.roleName}>{name}</span>
              <Button
                size="small"
                variant="ghost"
                disabled={change.isPending}
                aria-label={t('role_remove_named', { role: name })}
                onClick={() => run({ role: name, change: 'remove' })}
              >
                {t('role_remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.searchForm}
        aria-label={t('role_add')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          label={t('role_label')}
          hint={t('role_hint')}
          value={role}
          onChange={(value) => {
            setRole(value);
            setMissing(false);
          }}
          error={missing ? t('v_role') : undefined}
          list={listId}
          maxLength={ROLE_CHARS_MAX}
          autoComplete="off"
        />
        <datalist id={listId}>
          {COMMON_ROLES.filter((name) => !roles.includes(name)).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button type="submit" variant="secondary" loading={change.isPending}>
          {t('role_add')}
        </Button>
      </form>
      {change.isError ? <ErrorAlert>{describeRefusal(change.error)}</ErrorAlert> : null}
      <p className={styles.note}>{t('roles_note')}</p>
    </div>
  );
}
