// pages/mine/settings/setmobile — change the phone number with a code sent to the new one
// (purpose bind). The new number is also the new login.
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { SendCodeButton } from '@/components/send-code-button';
import { TextField } from '@/components/text-field';
import { useSetMobile } from '@/features/account/api/profile';
import { mobileBindSchema } from '@/features/account/parts/schemas';
import { useConfig } from '@/hooks/use-config';
import { useForm } from '@/hooks/use-form';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { DEFAULT_CONFIG } from '@/lib/config';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { phoneSchema, validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const config = useConfig().data ?? DEFAULT_CONFIG;
  const current = useProfile().data?.phone ?? '';
  const form = useForm({ phone: '', code: '' });
  const save = useSetMobile();
  const error = (field: 'phone' | 'code') => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const target = (): string | null => {
    const result = validate(phoneSchema(config.phone_pattern), form.values.phone);
    if (result.ok) return result.value;
    form.setFieldError('phone', result.errors[''] ?? 'v_phone');
    return null;
  };

  const submit = () => {
    const result = validate(mobileBindSchema(config.phone_pattern), form.values);
    if (!result.ok) return form.setErrors(result.errors);
    save.mutate(result.value, {
      onSuccess: () => {
        toast(t('mobile_done'), 'success');
        void navigate(ROUTES.settings, { replace: true });
      },
    });
  };

  return (
    <main className="page">
      <PageHeader title={t('mobile_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <Form onSubmit={submit} label={t('mobile_title')}>
          <Notice tone="warn" title={t('mobile_login_title')}>
            {t('mobile_login_text', { phone: current })}
          </Notice>
          <Section>
            <TextField
              label={t('field_new_phone')}
              type="tel"
              inputMode="tel"
              placeholder={t('field_phone_placeholder')}
              value={form.values.phone}
              onChange={(value) => form.setField('phone', value)}
              error={error('phone')}
              autoComplete="tel"
            />
            <TextField
              label={t('field_code')}
              inputMode="numeric"
              maxLength={6}
              placeholder={t('field_code_placeholder')}
              value={form.values.code}
              onChange={(value) => form.setField('code', value.replace(/\D/g, ''))}
              error={error('code')}
              autoComplete="one-time-code"
              trailing={
                <SendCodeButton
                  purpose="bind"
                  target={target}
                  resendSecs={config.code_resend_secs}
                />
              }
            />
          </Section>
          <Button type="submit" block loading={save.isPending}>
            {t('save')}
          </Button>
        </Form>
      </div>
    </main>
  );
}
