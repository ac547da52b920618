// /staff: the console's staff members, for staff:member:manage. A table of every member (his
// role, whether his second factor is enrolled, disabled and why, since when), with "Disable"
// (a reason, kept in the audit log) and "New second factor" for each member whose role this
// one could give himself (the server's rule: a role whose every permission he holds), but not
// on his own row (another manager, or the CLI, does that); and
// "Add a staff member". A new member's enrolment, and a new second factor, show once in the
// enrolment panel, where his first code confirms it.
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { LoadingView } from '@/components/loading';
import {
  useDisableStaff,
  useResetStaff,
  useStaff,
  type Enrolment,
  type StaffSummary,
} from '@/console/api/staff';
import { useText } from '@/console/i18n/i18n';
import { STAFF_MANAGE } from '@/console/lib/may';
import { describeRefusal } from '@/console/lib/refusal';
import { useSessionState } from '@/console/lib/session';
import { EnrolmentPanel } from '@/console/parts/enrolment-panel';
import { ErrorAlert, SuccessStatus } from '@/console/parts/messages';
import { NewFactorDialog } from '@/console/parts/new-factor-dialog';
import { NewStaffForm, STAFF_REFUSALS } from '@/console/parts/new-staff-form';
import { ReasonDialog } from '@/console/parts/reason-dialog';
import { RequirePermission } from '@/console/parts/require-permission';
import styles from '@/console/pages/pages.module.css';
import { formatDateTime } from '@/lib/time';

export function StaffPage() {
  return (
    <RequirePermission permission={STAFF_MANAGE} title="staff_title" refusal="staff_no_permission">
      <StaffDesk />
    </RequirePermission>
  );
}

type Shown = { enrolment: Enrolment; name: string };

function StaffDesk() {
  const { t } = useText();
  const staff = useStaff();
  const [shown, setShown] = useState<Shown | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = staff.data;
  const nameOf = (enrolment: Enrolment, typed: string) =>
    data?.list.find((member) => member.id === enrolment.user_id)?.name ?? typed;

  return (
    <>
      <h1 className={styles.title}>{t('staff_title')}</h1>
      {staff.isError ? <ErrorAlert>{describeRefusal(staff.error)}</ErrorAlert> : null}
      {shown === null ? null : (
        <EnrolmentPanel
          key={shown.enrolment.otpauth_uri}
          enrolment={shown.enrolment}
          name={shown.name}
          onHide={() => setShown(null)}
        />
      )}
      {data === undefined ? (
        staff.isError ? null : (
          <LoadingView label={t('loading')} />
        )
      ) : (
        <div className={styles.staffGrid}>
          <section className={styles.card} aria-labelledby="staff-list-title">
            <h2 id="staff-list-title">{t('staff_list_title')}</h2>
            {done === null ? null : <SuccessStatus>{done}</SuccessStatus>}
            <StaffTable
              list={data.list}
              roles={data.roles}
              onDone={setDone}
              onEnrolment={(enrolment, name) => {
                setDone(null);
                setShown({ enrolment, name });
              }}
            />
            <p className={styles.note}>{t('staff_roles_note')}</p>
          </section>
          {data.roles.length === 0 ? (
            <section className={styles.card} aria-labelledby="new-staff-title">
              <h2 id="new-staff-title">{t('staff_new_title')}</h2>
              <p className={styles.lead}>{t('staff_no_roles')}</p>
            </section>
          ) : (
            <NewStaffForm
              roles={data.roles}
              onCreated={(enrolment, typed) => {
                setDone(null);
                setShown({ enrolment, name: nameOf(enrolment, typed) });
              }}
            />
          )}
        </div>
      )}
    </>
  );
}

type TableProps = {
  list: StaffSummary[];
  roles: string[];
  onDone: (text: string) => void;
  onEnrolment: (enrolment: Enrolment, name: string) => void;
};

function StaffTable({ list, roles, onDone, onEnrolment }: TableProps) {
  const { t } = useText();
  const self = useSessionState().session?.user_id;
  if (list.length === 0) return <p className={styles.empty}>{t('staff_empty')}</p>;
  return (
    <DataTable label={t('staff_list_title')} testId="staff">
      <thead>
        <tr>
          <th scope="col">{t('col_staff_name')}</th>
          <th scope="col">{t('col_staff_role')}</th>
          <th scope="col">{t('col_second_factor')}</th>
          <th scope="col">{t('col_status')}</th>
          <th scope="col">{t('col_staff_created')}</th>
          <th scope="col">{t('col_actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((member) => (
          <tr key={member.id} data-testid={`staff-${member.id}`}>
            <th scope="row">{member.name}</th>
            <td>{member.role}</td>
            <td>
              {member.enrolled ? (
                <Badge tone="ok">{t('staff_enrolled')}</Badge>
              ) : (
                <Badge tone="wait">{t('staff_not_enrolled')}</Badge>
              )}
            </td>
            <td>
              {member.disabled ? (
                <span className={styles.disabledState} data-testid="staff-disabled">
                  <Badge tone="bad">{t('staff_disabled')}</Badge>
                  <span className={styles.note}>{member.disabled_reason}</span>
                </span>
              ) : (
                <Badge tone="ok">{t('active')}</Badge>
              )}
            </td>
            <td className={styles.number}>{formatDateTime(member.created_at)}</td>
            <td>
              {member.id === self ? (
                // Disabling himself or ending his own factor would lock him out here.
                <span className={styles.note}>{t('staff_you')}</span>
              ) : roles.includes(member.role) ? (
                <MemberActions member={member} onDone={onDone} onEnrolment={onEnrolment} />
              ) : (
                <span className={styles.note}>{t('staff_out_of_reach')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

type Asking = 'disable' | 'reset' | null;

function MemberActions({
  member,
  onDone,
  onEnrolment,
}: {
  member: StaffSummary;
  onDone: (text: string) => void;
  onEnrolment: (enrolment: Enrolment, name: string) => void;
}) {
  const { t } = useText();
  const disable = useDisableStaff(member.id);
  const reset = useResetStaff(member.id);
  const [asking, setAsking] = useState<Asking>(null);
  const { name } = member;
  const ask = (what: Asking) => {
    disable.reset();
    reset.reset();
    setAsking(what);
  };
  const refusalOf = (error: unknown, failed: boolean) =>
    failed ? describeRefusal(error, STAFF_REFUSALS) : null;

  return (
    <div className={styles.rowActions}>
      {member.disabled ? null : (
        <Button
          size="small"
          variant="danger"
          aria-label={t('staff_disable_named', { name })}
          onClick={() => ask('disable')}
        >
          {t('staff_disable')}
        </Button>
      )}
      <Button
        size="small"
        variant="ghost"
        aria-label={t('staff_reset_named', { name })}
        onClick={() => ask('reset')}
      >
        {t('staff_reset')}
      </Button>
      {asking === 'disable' ? (
        <ReasonDialog
          title={t('staff_disable_title', { name })}
          submitText={t('staff_disable')}
          hint={t('staff_disable_hint')}
          missing={t('v_staff_disable_reason')}
          busy={disable.isPending}
          refusal={refusalOf(disable.error, disable.isError)}
          onSubmit={(reason) =>
            disable.mutate(reason, {
              onSuccess: () => {
                setAsking(null);
                onDone(t('done_staff_disabled', { name }));
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'reset' ? (
        <NewFactorDialog
          name={name}
          busy={reset.isPending}
          refusal={refusalOf(reset.error, reset.isError)}
          onConfirm={(passphrase) =>
            reset.mutate(passphrase, {
              onSuccess: (enrolment) => {
                setAsking(null);
                onEnrolment(enrolment, name);
              },
            })
          }
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
