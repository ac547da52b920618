// pages/yn28/info/loginpassword and pages/mine/passwordlogin — change the login password with
// the old one; the other devices are logged out.
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { useChangeLoginPassword } from '@/features/account/api/security';
import { loginPasswordFormSchema } from '@/features/account/parts/schemas';
import { useForm } from '@/hooks/use-form';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { validate } from '@/lib/validators';

type Field = 'old_password' | 'password' | 'repassword';

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({ old_password: '', password: '', repassword: '' });
  const change = useChangeLoginPassword();
  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = () => {
    const result = validate(loginPasswordFormSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    change.mutate(result.value, {
      onSuccess: () => {
        toast(t('login_password_changed'), 'success');
        void navigate(ROUTES.passwords, { replace: true });
      },
    });
  };

  return (
    <main className="page">
      <PageHeader title={t('login_password_title')} back fallback={ROUTES.passwords} />
      <div className="page-body">
        <Form onSubmit={submit} label={t('login_password_title')}>
          <Notice>{t('login_password_note')}</Notice>
          <Section>
            <TextField
              label={t('field_old_password')}
              type="password"
              value={form.values.old_password}
              onChange={(value) => form.setField('old_password', value)}
              error={error('old_password')}
              autoComplete="current-password"
              maxLength={18}
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
          </Section>
          <Button type="submit" block loading={change.isPending}>
            {t('save')}
          </Button>
        </Form>
      </div>
    </main>
  );
}
