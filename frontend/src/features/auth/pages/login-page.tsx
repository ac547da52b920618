// pages/login/index — log in with phone or login name and password.
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useLogin } from '@/features/auth/api/login';
import { AuthLayout } from '@/features/auth/parts/auth-layout';
import styles from '@/features/auth/parts/auth-layout.module.css';
import { loginSchema } from '@/features/auth/schemas';
import { useForm } from '@/hooks/use-form';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = (location.state as { account?: unknown } | null)?.account;
  const form = useForm({ account: typeof prefill === 'string' ? prefill : '', password: '' });
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(loginSchema, form.values);
    if (!result.ok) {
      form.setErrors(result.errors);
      return;
    }
    login.mutate(result.value, {
      onSuccess: () => {
        toast(t('login_success'), 'success');
        void navigate(ROUTES.home, { replace: true });
      },
    });
  };

  const error = (field: 'account' | 'password') => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  return (
    <AuthLayout
      title={t('login_title')}
      subtitle={t('login_subtitle')}
      footer={
        <p>
          {t('login_no_account')} <Link to={ROUTES.register}>{t('link_register')}</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <TextField
          label={t('field_account')}
          placeholder={t('field_account_placeholder')}
          value={form.values.account}
          onChange={(value) => form.setField('account', value)}
          error={error('account')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="next"
        />
        <TextField
          label={t('field_password')}
          type="password"
          placeholder={t('field_password_placeholder')}
          value={form.values.password}
          onChange={(value) => form.setField('password', value)}
          error={error('password')}
          autoComplete="current-password"
          enterKeyHint="go"
        />
        <div className={styles.row}>
          <Link className="target" to={ROUTES.forget}>
            {t('link_forgot')}
          </Link>
        </div>
        <Button type="submit" block loading={login.isPending}>
          {t('login_submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
