import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type CodePurpose = 'register' | 'forget' | 'bind';
export type SendCodeInput = { target: string; purpose: CodePurpose };
export type SendCodeResult = { resend_after: number };

/**
 * POST index/send_email_mobile — sends a verification code to a phone or e-mail. Codes to bind
 * a new phone or e-mail belong to the logged-in player, so those requests carry the token.
 */
export const sendCode = (input: SendCodeInput) =>
  api.post<SendCodeResult | null>('index/send_email_mobile', input, {
    skipToken: input.purpose !== 'bind',
  });

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
