// pages/mine/setuserinfo — nickname, real name (fixed once a bank card is linked), e-mail and
// tax number. Only the fields that changed are sent.
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { useSetUserInfo, type UserInfoInput } from '@/features/account/api/profile';
import { userInfoSchema } from '@/features/account/parts/schemas';
import { useForm } from '@/hooks/use-form';
import { useProfile, type User } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const profile = useProfile();
  return (
    <main className="page">
      <PageHeader title={t('user_info_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <LoadingGate
          queries={[profile]}
          ready={profile.data !== undefined && !profile.isPlaceholderData}
        >
          {() => <UserInfoForm user={profile.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

type Field = 'nickname' | 'real_name' | 'email' | 'tax_number';
const FIELDS: readonly Field[] = ['nickname', 'real_name', 'email', 'tax_number'];

export function UserInfoForm({ user }: { user: User }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({
    nickname: user.nickname,
    real_name: user.real_name,
    email: user.email,
    tax_number: user.tax_number,
  });
  const save = useSetUserInfo();
  const locked = user.bank_card_bound;
  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = () => {
    const result = validate(userInfoSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    const changed: UserInfoInput = {};
    for (const field of FIELDS) {
      if (field === 'real_name' && locked) continue;
      if (result.value[field] !== user[field]) changed[field] = result.value[field];
    }
    if (Object.keys(changed).length === 0) return toast(t('nothing_changed'));
    save.mutate(changed, {
      onSuccess: () => {
        toast(t('saved'), 'success');
        void navigate(ROUTES.settings, { replace: true });
      },
    });
  };

  return (
    <Form onSubmit={submit} label={t('user_info_title')}>
      <Section>
        <TextField
          label={t('field_nickname')}
          value={form.values.nickname}
          onChange={(value) => form.setField('nickname', value)}
          error={error('nickname')}
          maxLength={32}
          autoComplete="nickname"
        />
        <TextField
          label={t('field_real_name')}
          value={form.values.real_name}
          onChange={(value) => form.setField('real_name', value)}
          error={error('real_name')}
          readOnly={locked}
          aria-readonly={locked}
          maxLength={64}
          autoComplete="name"
        />
        {locked ? (
          <Notice>{t('real_name_locked')}</Notice>
        ) : (
          <p style={{ fontSize: 13, color: 'var(--muted)', marginTop: -6 }}>
            {t('real_name_note')}
          </p>
        )}
        <TextField
          label={t('field_email')}
          hint={t('optional')}
          type="email"
          inputMode="email"
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          error={error('email')}
          autoComplete="email"
          maxLength={100}
        />
        <TextField
          label={t('field_tax_number')}
          hint={t('optional')}
          value={form.values.tax_number}
          onChange={(value) => form.setField('tax_number', value)}
          error={error('tax_number')}
          maxLength={32}
          autoCapitalize="characters"
        />
      </Section>
      <Button type="submit" block loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
