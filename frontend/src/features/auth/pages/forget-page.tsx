// pages/login/forget — reset the password with an SMS code (user/change_pwd).
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useChangePassword } from '@/features/auth/api/change-password';
import { AuthLayout } from '@/features/auth/parts/auth-layout';
import { SendCodeButton } from '@/components/send-code-button';
import { forgetSchema, phoneOnlySchema } from '@/features/auth/schemas';
import { useConfig } from '@/hooks/use-config';
import { DEFAULT_CONFIG } from '@/lib/config';
import { useForm } from '@/hooks/use-form';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { validate } from '@/lib/validators';

type Field = 'phone' | 'code' | 'password' | 'repassword';

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const config = useConfig().data ?? DEFAULT_CONFIG;
  const form = useForm({ phone: '', code: '', password: '', repassword: '' });
  const change = useChangePassword();

  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const phoneForCode = (): string | null => {
    const result = validate(phoneOnlySchema(config.phone_pattern), { phone: form.values.phone });
    if (result.ok) return result.value.phone;
    form.setErrors((current) => ({ ...current, ...result.errors }));
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(forgetSchema(config.phone_pattern), form.values);
    if (!result.ok) {
      form.setErrors(result.errors);
      return;
    }
    const { phone, code, password, repassword } = result.value;
    change.mutate(
      { account: phone, code, password, repassword },
      {
        onSuccess: () => {
          toast(t('forget_success'), 'success');
          void navigate(ROUTES.login, { replace: true, state: { account: phone } });
        },
      },
    );
  };

  return (
    <AuthLayout
      title={t('forget_title')}
      subtitle={t('forget_subtitle')}
      backTo={ROUTES.login}
      footer={
        <Link className="target" to={ROUTES.login}>
          {t('link_login')}
        </Link>
      }
    >
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <TextField
          label={t('field_phone')}
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
              purpose="forget"
              target={phoneForCode}
              resendSecs={config.code_resend_secs}
            />
          }
        />
        <TextField
          label={t('field_new_password')}
          type="password"
          placeholder={t('field_password_placeholder')}
          value={form.values.password}
          onChange={(value) => form.setField('password', value)}
          error={error('password')}
          autoComplete="new-password"
          maxLength={18}
        />
        <TextField
          label={t('field_confirm_password')}
          type="password"
          placeholder={t('field_confirm_password_placeholder')}
          value={form.values.repassword}
          onChange={(value) => form.setField('repassword', value)}
          error={error('repassword')}
          autoComplete="new-password"
          maxLength={18}
        />
        <Button type="submit" block loading={change.isPending}>
          {t('forget_submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
