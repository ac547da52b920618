import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type ChangePasswordInput = {
  account: string;
  code: string;
  password: string;
  repassword: string;
};

/** POST user/change_pwd — the forgot-password reset, authorised by an SMS code. */
export const changePassword = (input: ChangePasswordInput) =>
  api.post<null>('user/change_pwd', input, { skipToken: true });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
