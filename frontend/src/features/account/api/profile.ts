// The personal centre's profile fields, e-mail, phone and avatar.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';

export type UserInfoInput = Partial<{
  nickname: string;
  real_name: string;
  email: string;
  tax_number: string;
}>;

/** POST api/personal/setuserinfo — only the fields that changed (at least one). */
export const setUserInfo = (input: UserInfoInput) =>
  api.post<object>('api/personal/setuserinfo', input);

export type BindEmailInput = { email: string; code: string };
/** POST api/personal/setemail — with a code sent to the new address (purpose bind). */
export const setEmail = (input: BindEmailInput) => api.post<object>('api/personal/setemail', input);

export type BindMobileInput = { phone: string; code: string };
/** POST api/personal/setmobile — the new number is also the new login. */
export const setMobile = (input: BindMobileInput) =>
  api.post<object>('api/personal/setmobile', input);

/** POST api/personal/setheader (multipart `avatar`) — answers with the new avatar path. */
export function setHeader(file: File): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return api.upload<{ avatar: string }>('api/personal/setheader', form);
}

/** A mutation that refreshes the profile once it has succeeded. */
function useProfileMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

export const useSetUserInfo = () => useProfileMutation(setUserInfo);
export const useSetEmail = () => useProfileMutation(setEmail);
export const useSetMobile = () => useProfileMutation(setMobile);
export const useSetHeader = () => useProfileMutation(setHeader);
