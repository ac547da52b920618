// "Add a staff member": an existing account (id, phone or login name), a role of those this
// staff member may give, and the new member's console passphrase typed twice (the browser
// checks the 12-character minimum and that both match; the server checks again). The reply,
// the enrolment, goes to `onCreated` to be shown once.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { SelectField } from '@/components/select-field';
import { useCreateStaff, type Enrolment } from '@/console/api/staff';
import { useText } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert } from '@/console/parts/messages';
import {
  PASSPHRASE_CHARS_MAX,
  PASSPHRASE_CHARS_MIN,
  passphraseProblem,
  type PassphraseProblem,
} from '@/console/parts/passphrase';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';

/** Longest account reference sent (an id, a phone or a login name). */
const ACCOUNT_CHARS_MAX = 64;

type Props = { roles: string[]; onCreated: (enrolment: Enrolment, name: string) => void };
type Missing = { account: boolean; role: boolean; passphrase: PassphraseProblem };

const nothingMissing: Missing = { account: false, role: false, passphrase: null };

export function NewStaffForm({ roles, onCreated }: Props) {
  const { t } = useText();
  const create = useCreateStaff();
  const [account, setAccount] = useState('');
  const [role, setRole] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [missing, setMissing] = useState<Missing>(nothingMissing);

  const submit = () => {
    const user = account.trim();
    const found: Missing = {
      account: user === '',
      role: !roles.includes(role),
      passphrase: passphraseProblem(passphrase, repeat),
    };
    setMissing(found);
    if (found.account || found.role || found.passphrase !== null) return;
    create.mutate(
      { user, role, passphrase },
      {
        onSuccess: (enrolment) => {
          setAccount('');
          setRole('');
          setPassphrase('');
          setRepeat('');
          onCreated(enrolment, user);
        },
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title">{t('staff_new_title')}</h2>
      <p className={styles.note}>{t('staff_new_intro')}</p>
      <Form onSubmit={submit} label={t('staff_new_title')}>
        <div className={styles.fieldGrid}>
          <TextField
            label={t('staff_account')}
            hint={t('staff_account_hint')}
            value={account}
            onChange={(value) => {
              setAccount(value);
              setMissing((was) => ({ ...was, account: false }));
            }}
            error={missing.account ? t('v_staff_account') : undefined}
            maxLength={ACCOUNT_CHARS_MAX}
            autoComplete="off"
          />
          <SelectField
            label={t('staff_role_label')}
            value={role}
            onChange={(value) => {
              setRole(value);
              setMissing((was) => ({ ...was, role: false }));
            }}
            options={roles.map((name) => ({ value: name, label: name }))}
            placeholder={t('staff_role_choose')}
            error={missing.role ? t('v_staff_role') : undefined}
          />
          <TextField
            label={t('staff_passphrase')}
            hint={t('staff_passphrase_hint', { min: PASSPHRASE_CHARS_MIN })}
            type="password"
            value={passphrase}
            onChange={(value) => {
              setPassphrase(value);
              setMissing((was) => ({ ...was, passphrase: null }));
            }}
            error={
              missing.passphrase === 'length'
                ? t('v_staff_passphrase', { min: PASSPHRASE_CHARS_MIN, max: PASSPHRASE_CHARS_MAX })
                : undefined
            }
            maxLength={PASSPHRASE_CHARS_MAX}
            autoComplete="new-password"
          />
          <TextField
            label={t('staff_passphrase_repeat')}
            type="password"
            value={repeat}
            onChange={(value) => {
              setRepeat(value);
              setMissing((was) => ({ ...was, passphrase: null }));
            }}
            error={missing.passphrase === 'repeat' ? t('v_staff_passphrase_repeat') : undefined}
            maxLength={PASSPHRASE_CHARS_MAX}
            autoComplete="new-password"
          />
        </div>
        {create.isError ? (
          <ErrorAlert>{describeRefusal(create.error, STAFF_REFUSALS)}</ErrorAlert>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={create.isPending}>
            {t('staff_new_submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The staff page's own words: not_found names the account typed, not a player. */
export const STAFF_REFUSALS = { not_found: 'refused_staff_not_found' } as const;
