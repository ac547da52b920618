// The staff page (GET/POST api/staff, behind staff:member:manage): every staff member and the
// roles this one may give; a new member (his passphrase; the reply is his enrolment, shown
// once), his enrolment confirmed with the first code of his authenticator app, a member
// disabled with a reason, and a new second factor (a new secret and recovery codes, to confirm
// again; his sessions end). Each change asks the list again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/console/lib/api';

export type StaffSummary = {
  id: number;
  /** The login name, else the phone. */
  name: string;
  role: string;
  enrolled: boolean;
  disabled: boolean;
  disabled_reason: string;
  /** Unix seconds. */
  created_at: number;
};

export type StaffPage = {
  list: StaffSummary[];
  /** The roles this staff member may give (those whose every permission he holds). */
  roles: string[];
};

/** A TOTP secret (in the otpauth:// URI) and 10 recovery codes: the server shows them once. */
export type Enrolment = { user_id: number; otpauth_uri: string; recovery_codes: string[] };

export type NewStaff = { user: string; role: string; passphrase: string };

export const staffKey = ['console', 'staff'] as const;

export const fetchStaff = () => api.get<StaffPage>('staff');
export const createStaff = (input: NewStaff) => api.post<Enrolment>('staff', input);
export const confirmStaff = (id: number, code: string) =>
  api.post<{ member: StaffSummary }>(`staff/${id}/confirm`, { code });
export const disableStaff = (id: number, reason: string) =>
  api.post<{ member: StaffSummary }>(`staff/${id}/disable`, { reason });
/** Without a passphrase his current one stays. */
export const resetStaff = (id: number, passphrase: string) =>
  api.post<Enrolment>(`staff/${id}/reset`, passphrase === '' ? {} : { passphrase });

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: fetchStaff });
}

function useStaffMutation<I, T>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useConfirmStaff = (id: number) =>
  useStaffMutation((code: string) => confirmStaff(id, code));
export const useDisableStaff = (id: number) =>
  useStaffMutation((reason: string) => disableStaff(id, reason));
export const useResetStaff = (id: number) =>
  useStaffMutation((passphrase: string) => resetStaff(id, passphrase));

/** The base32 secret of an otpauth:// URI, for typing into an app that cannot scan. */
export function secretOf(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return /[?&]secret=([^&]*)/.exec(uri)?.[1] ?? '';
  }
}

/** "JBSW Y3DP EHPK 3PXP": groups of 4, as authenticator apps show them. */
export const groupedInFours = (secret: string): string => (secret.match(/.{1,4}/g) ?? []).join(' ');
