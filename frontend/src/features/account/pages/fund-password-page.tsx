// pages/yn28/info/securitypassword and pages/mine/passwordsave — the 6-digit fund password:
// set the first time without an old one, changed later with the old one.
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { useSetFundPassword } from '@/features/account/api/security';
import { fundPasswordFormSchema } from '@/features/account/parts/schemas';
import { useForm } from '@/hooks/use-form';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const profile = useProfile();
  const first = profile.data?.fund_password_set === false;
  return (
    <main className="page">
      <PageHeader
        title={first ? t('fund_password_set_title') : t('fund_password_title')}
        back
        fallback={ROUTES.passwords}
      />
      <div className="page-body">
        {/* The stored copy of the profile may be stale: wait for the server's answer. */}
        <LoadingGate
          queries={[profile]}
          ready={profile.data !== undefined && !profile.isPlaceholderData}
        >
          {() => <FundPasswordForm first={!profile.data!.fund_password_set} />}
        </LoadingGate>
      </div>
    </main>
  );
}

type Field = 'old_password' | 'password' | 'repassword';

export function FundPasswordForm({ first }: { first: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({ old_password: '', password: '', repassword: '' });
  const save = useSetFundPassword();
  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };
  const digits = (field: Field) => (value: string) =>
    form.setField(field, value.replace(/\D/g, ''));

  const submit = () => {
    const result = validate(fundPasswordFormSchema(first), form.values);
    if (!result.ok) return form.setErrors(result.errors);
    const { old_password, password, repassword } = result.value;
    save.mutate(first ? { password, repassword } : { old_password, password, repassword }, {
      onSuccess: () => {
        toast(first ? t('fund_password_set_done') : t('fund_password_changed'), 'success');
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) void navigate(-1);
        else void navigate(ROUTES.passwords, { replace: true });
      },
    });
  };

  const common = {
    type: 'password',
    inputMode: 'numeric' as const,
    maxLength: 6,
    autoComplete: 'off',
  };
  return (
    <Form onSubmit={submit} label={t('fund_password_title')}>
      <Notice>{first ? t('fund_password_first_note') : t('fund_password_change_note')}</Notice>
      <Section>
        {first ? null : (
          <TextField
            label={t('field_old_fund_password')}
            placeholder={t('field_fund_password_placeholder')}
            value={form.values.old_password}
            onChange={digits('old_password')}
            error={error('old_password')}
            {...common}
          />
        )}
        <TextField
          label={t('field_new_fund_password')}
          placeholder={t('field_fund_password_placeholder')}
          value={form.values.password}
          onChange={digits('password')}
          error={error('password')}
          {...common}
        />
        <TextField
          label={t('field_confirm_fund_password')}
          placeholder={t('field_fund_password_placeholder')}
          value={form.values.repassword}
          onChange={digits('repassword')}
          error={error('repassword')}
          {...common}
        />
      </Section>
      <Button type="submit" block loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
