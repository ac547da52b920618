import { Button } from '@/components/button';
import { useSendCode, type CodePurpose } from '@/hooks/use-send-code';
import { useCountdown } from '@/hooks/use-countdown';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';

type Props = {
  purpose: CodePurpose;
  /** Returns the validated target (phone), or null after showing why it is not valid. */
  target: () => string | null;
  /** Seconds before another code may be requested (config code_resend_secs). */
  resendSecs: number;
};

/** "Send code" inside the code field; counts down before a resend is allowed. */
export function SendCodeButton({ purpose, target, resendSecs }: Props) {
  const { t } = useI18n();
  const { left, start } = useCountdown();
  const send = useSendCode();

  const onClick = () => {
    const phone = target();
    if (phone === null) return;
    send.mutate(
      { target: phone, purpose },
      {
        onSuccess: (result) => {
          const wait = result?.resend_after;
          start(typeof wait === 'number' && wait > 0 ? wait : resendSecs);
          toast(t('code_sent'), 'success');
        },
      },
    );
  };

  return (
    <Button
      variant="secondary"
      size="small"
      onClick={onClick}
      loading={send.isPending}
      disabled={left > 0}
    >
      {left > 0 ? t('resend_in', { n: left }) : t('send_code')}
    </Button>
  );
}
