// pages/mine/settings/setemail — bind an e-mail address with a code sent to it (purpose bind).
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { SendCodeButton } from '@/components/send-code-button';
import { TextField } from '@/components/text-field';
import { useSetEmail } from '@/features/account/api/profile';
import { emailBindSchema } from '@/features/account/parts/schemas';
import { useConfig } from '@/hooks/use-config';
import { useForm } from '@/hooks/use-form';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { DEFAULT_CONFIG } from '@/lib/config';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { emailSchema, validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const config = useConfig().data ?? DEFAULT_CONFIG;
  const current = useProfile().data?.email ?? '';
  const form = useForm({ email: '', code: '' });
  const save = useSetEmail();
  const error = (field: 'email' | 'code') => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const target = (): string | null => {
    const result = validate(emailSchema, form.values.email);
    if (result.ok) return result.value;
    form.setFieldError('email', result.errors[''] ?? 'v_email');
    return null;
  };

  const submit = () => {
    const result = validate(emailBindSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    save.mutate(result.value, {
      onSuccess: () => {
        toast(t('email_done'), 'success');
        void navigate(ROUTES.settings, { replace: true });
      },
    });
  };

  return (
    <main className="page">
      <PageHeader title={t('email_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <Form onSubmit={submit} label={t('email_title')}>
          <Notice>
            {current === '' ? t('email_note_none') : t('email_note_current', { email: current })}
          </Notice>
          <Section>
            <TextField
              label={t('field_new_email')}
              type="email"
              inputMode="email"
              value={form.values.email}
              onChange={(value) => form.setField('email', value)}
              error={error('email')}
              autoComplete="email"
              maxLength={100}
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
