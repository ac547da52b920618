import { useMutation } from '@tanstack/react-query';
import { useStartSession, type SessionData } from '@/features/auth/api/session';
import { api } from '@/lib/api';

export type LoginInput = { account: string; password: string };

/** POST api/login/post — account is the phone number or the login name. */
export const login = (input: LoginInput) =>
  api.post<SessionData>('api/login/post', input, { skipToken: true });

export function useLogin() {
  const start = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: start });
}
