// Passwords: the fund (security) password and the login password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';

export type FundPasswordInput = { old_password?: string; password: string; repassword: string };

/** POST api/personal/securitypassword — sets it the first time, changes it with the old one later. */
export const setFundPassword = (input: FundPasswordInput) =>
  api.post<object>('api/personal/securitypassword', input);

export function useSetFundPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFundPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

export type LoginPasswordInput = { old_password: string; password: string; repassword: string };

/** POST api/personal/editpassword — every other session of the account ends. */
export const changeLoginPassword = (input: LoginPasswordInput) =>
  api.post<object>('api/personal/editpassword', input);

export function useChangeLoginPassword() {
  return useMutation({ mutationFn: changeLoginPassword });
}
