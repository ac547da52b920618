// pages/login/reg — create an account; invite code from `?invite=` or `?code=` (the invite link), verification code when the
// server's config asks for one.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { LoadingView } from '@/components/loading';
import { TextField } from '@/components/text-field';
import { useRegister } from '@/features/auth/api/register';
import { AgeCheck } from '@/features/auth/parts/age-check';
import { AgreementCheck } from '@/features/auth/parts/agreement-check';
import styles from '@/features/auth/parts/agreement-check.module.css';
import { AuthLayout } from '@/features/auth/parts/auth-layout';
import { SendCodeButton } from '@/components/send-code-button';
import { birthDateProblem, phoneOnlySchema, registerSchema } from '@/features/auth/schemas';
import { useConfig } from '@/hooks/use-config';
import type { AppConfig } from '@/lib/config';
import { useForm } from '@/hooks/use-form';
import { useI18n } from '@/i18n/i18n';
import { ApiError, describeError, mediaUrl } from '@/lib/api';
import { findLocation, useChosenLocationCode } from '@/lib/location';
import { confirm, toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { formatDate, serverNow } from '@/lib/time';
import { validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const config = useConfig();
  const footer = (
    <p>
      {t('reg_have_account')} <Link to={ROUTES.login}>{t('link_login')}</Link>
    </p>
  );
  return (
    <AuthLayout
      title={t('reg_title')}
      subtitle={t('reg_subtitle')}
      backTo={ROUTES.login}
      footer={footer}
    >
      {config.data !== undefined ? (
        <RegisterForm config={config.data} />
      ) : config.isError ? (
        <Empty
          icon={<AlertIcon size={38} />}
          title={t('config_failed')}
          action={
            <Button onClick={() => void config.refetch()} loading={config.isFetching}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <LoadingView label={t('loading')} />
      )}
    </AuthLayout>
  );
}

type Field =
  'phone' | 'username' | 'password' | 'repassword' | 'invite_code' | 'code' | 'birth_date';

/** The server's refusals about the player's age, shown at the field they concern. */
const AGE_ERRORS: ReadonlySet<string> = new Set(['age_not_confirmed']);
const BIRTH_DATE_ERRORS: ReadonlySet<string> = new Set(['birth_date_required', 'under_age']);

function RegisterForm({ config }: { config: AppConfig }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm({
    phone: '',
    username: '',
    password: '',
    repassword: '',
    invite_code: params.get('invite') ?? params.get('code') ?? '',
    code: '',
    birth_date: '',
  });
  const registration = useRegister();
  const location = findLocation(config, useChosenLocationCode());
  const phonePattern = location?.phone_pattern ?? config.phone_pattern;
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState<string | undefined>(undefined);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageError, setAgeError] = useState<string | undefined>(undefined);
  const [birthError, setBirthError] = useState<string | undefined>(undefined);

  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key, { age: config.legal_age });
  };

  // After registering: offer (never force) a deposit limit; either way the player leaves.
  const offerLimit = async () => {
    const wanted = await confirm({
      title: t('limit_offer_title'),
      message: t('limit_offer_text'),
      confirmText: t('limit_offer_set'),
      cancelText: t('limit_offer_later'),
    });
    void navigate(wanted ? ROUTES.protection : ROUTES.home, { replace: true });
  };

  const phoneForCode = (): string | null => {
    const result = validate(phoneOnlySchema(phonePattern), { phone: form.values.phone });
    if (result.ok) return result.value.phone;
    form.setErrors((current) => ({ ...current, ...result.errors }));
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schema = registerSchema({
      phonePattern,
      requireInvite: config.require_invite,
      requireCode: config.require_code,
    });
    const result = validate(schema, form.values);
    const mustAgree = config.agreements.length > 0 && !agreed;
    setAgreeError(mustAgree ? t('agreement_required') : undefined);
    setAgeError(ageConfirmed ? undefined : t('reg_age_required', { age: config.legal_age }));
    setBirthError(undefined);
    const birthProblem = config.require_birth_date
      ? birthDateProblem(form.values.birth_date, config.legal_age, formatDate(serverNow()))
      : null;
    const errors = result.ok ? {} : result.errors;
    if (birthProblem !== null) form.setErrors({ ...errors, birth_date: birthProblem });
    else if (!result.ok) form.setErrors(errors);
    if (!result.ok || birthProblem !== null || mustAgree || !ageConfirmed) return;
    const input = {
      ...result.value,
      agree: '1' as const,
      age_confirmed: '1' as const,
      location: location?.code ?? '',
      ...(config.require_birth_date ? { birth_date: form.values.birth_date.trim() } : {}),
    };
    registration.mutate(input, {
      onSuccess: () => {
        toast(t('reg_success'), 'success');
        void offerLimit();
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        if (AGE_ERRORS.has(failure.key)) setAgeError(describeError(failure));
        if (BIRTH_DATE_ERRORS.has(failure.key)) setBirthError(describeError(failure));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
      {config.locations.length > 0 ? (
        <Link
          className={styles.location}
          to={`${ROUTES.chooseLocation}?next=${encodeURIComponent(ROUTES.register)}`}
        >
          {location === null ? (
            <span>{t('location_choose_prompt')}</span>
          ) : (
            <>
              <img
                src={mediaUrl(location.picture)}
                alt={t('location_flag_alt', { name: location.name })}
              />
              <span>
                {location.name} ({location.dialling_code})
              </span>
            </>
          )}
          <strong>{t('location_change')}</strong>
        </Link>
      ) : null}
      <TextField
        label={t('field_phone')}
        type="tel"
        inputMode="tel"
        placeholder={t('field_phone_placeholder')}
        hint={location?.dialling_code}
        value={form.values.phone}
        onChange={(value) => form.setField('phone', value)}
        error={error('phone')}
        autoComplete="tel"
        enterKeyHint="next"
      />
      {config.require_code ? (
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
              purpose="register"
              target={phoneForCode}
              resendSecs={config.code_resend_secs}
            />
          }
        />
      ) : null}
      <TextField
        label={t('field_login_name')}
        hint={t('optional')}
        placeholder={t('field_login_name_placeholder')}
        value={form.values.username}
        onChange={(value) => form.setField('username', value)}
        error={error('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
      />
      <TextField
        label={t('field_password')}
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
      <TextField
        label={t('field_invite')}
        hint={config.require_invite ? undefined : t('optional')}
        placeholder={t('field_invite_placeholder')}
        value={form.values.invite_code}
        onChange={(value) => form.setField('invite_code', value)}
        error={error('invite_code')}
        autoCapitalize="characters"
        spellCheck={false}
      />
      {config.require_birth_date ? (
        <TextField
          label={t('field_birth_date')}
          type="date"
          max={formatDate(serverNow())}
          value={form.values.birth_date}
          onChange={(value) => {
            form.setField('birth_date', value);
            setBirthError(undefined);
          }}
          error={birthError ?? error('birth_date')}
          autoComplete="bday"
        />
      ) : null}
      <AgeCheck
        age={config.legal_age}
        checked={ageConfirmed}
        onChange={(checked) => {
          setAgeConfirmed(checked);
          if (checked) setAgeError(undefined);
        }}
        error={ageError}
      />
      {config.agreements.length > 0 ? (
        <AgreementCheck
          agreements={config.agreements}
          checked={agreed}
          onChange={(checked) => {
            setAgreed(checked);
            if (checked) setAgreeError(undefined);
          }}
          error={agreeError}
        />
      ) : null}
      <Button type="submit" block loading={registration.isPending}>
        {t('reg_submit')}
      </Button>
    </form>
  );
}
