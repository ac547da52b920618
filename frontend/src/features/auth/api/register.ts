import { useMutation } from '@tanstack/react-query';
import { useStartSession, type SessionData } from '@/features/auth/api/session';
import { api } from '@/lib/api';

export type RegisterInput = {
  phone: string;
  /** Optional login name; the server defaults it to the phone number. */
  username?: string;
  password: string;
  repassword: string;
  invite_code: string;
  code: string;
  /** "1": the player accepts the agreements in force (the server refuses without it). */
  agree: '1';
  /** "1": the player confirms the operator's legal age (the server refuses without it). */
  age_confirmed: '1';
  /** "YYYY-MM-DD", when the operator requires the date of birth. */
  birth_date?: string;
  /** The chosen location's code ("" for none): its phone pattern applies. */
  location: string;
};

/** POST api/login/do_register — answers with a session, like a login. */
export const register = ({ username, ...rest }: RegisterInput) =>
  api.post<SessionData>(
    'api/login/do_register',
    username === undefined || username === '' ? rest : { ...rest, username },
    {
      skipToken: true,
    },
  );

export function useRegister() {
  const start = useStartSession();
  return useMutation({ mutationFn: register, onSuccess: start });
}
