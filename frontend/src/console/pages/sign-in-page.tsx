// The sign-in screen: account (login name or id), console passphrase and authenticator code
// (6 digits, or a recovery code: letters, so no numeric keyboard is forced). A refusal shows
// the server's message; a session that ended by itself is explained above the form.
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { LoadingView } from '@/components/loading';
import { useSignIn, type SignInInput } from '@/console/api/session';
import { LanguageSwitch } from '@/console/app/language-switch';
import shell from '@/console/app/shell.module.css';
import { useText, type TextKey } from '@/console/i18n/i18n';
import { describeError } from '@/console/lib/api';
import { useSessionState } from '@/console/lib/session';
import { ErrorAlert } from '@/console/parts/messages';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';

type Field = keyof SignInInput;
const REQUIRED: Record<Field, TextKey> = {
  account: 'v_account',
  passphrase: 'v_passphrase',
  code: 'v_code',
};

/** Where to go after signing in: where the shell was sent from, else the start. */
function destinationOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && from !== '/sign-in' ? from : '/';
}

export function SignInPage() {
  const { t } = useText();
  const { session, ended } = useSessionState();
  const location = useLocation();
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInInput>({ account: '', passphrase: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, TextKey>>>({});

  useEffect(() => {
    document.title = t('brand');
  }, [t]);

  if (session === undefined)
    return (
      <main className={shell.center}>
        <LoadingView label={t('loading')} />
      </main>
    );
  // Signed in (just now, or already): on to where the shell was going.
  if (session !== null) return <Navigate to={destinationOf(location.state)} replace />;

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const input = {
      account: values.account.trim(),
      passphrase: values.passphrase,
      code: values.code.trim(),
    };
    const missing = Object.fromEntries(
      (Object.keys(REQUIRED) as Field[])
        .filter((field) => input[field] === '')
        .map((field) => [field, REQUIRED[field]]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    signIn.mutate(input);
  };
  const errorOf = (field: Field) => {
    const key = errors[field];
    return key === undefined ? undefined : t(key);
  };

  return (
    <div className={shell.layout}>
      <header className={shell.header}>
        <div className={shell.headerInner}>
          <p className={shell.brand}>{t('brand')}</p>
          <div className={shell.nav} />
          <LanguageSwitch />
        </div>
      </header>
      <main className={styles.signInMain}>
        <section className={`${styles.card} ${styles.signInCard}`} aria-labelledby="sign-in-title">
          <h1 id="sign-in-title" className={styles.title}>
            {t('sign_in_title')}
          </h1>
          <p className={styles.lead}>{t('sign_in_intro')}</p>
          {ended && !signIn.isError ? <ErrorAlert>{t('session_ended')}</ErrorAlert> : null}
          {signIn.isError ? (
            <ErrorAlert testId="sign-in-refusal">{describeError(signIn.error)}</ErrorAlert>
          ) : null}
          <Form onSubmit={submit} label={t('sign_in_title')}>
            <TextField
              label={t('field_account')}
              hint={t('field_account_hint')}
              value={values.account}
              onChange={set('account')}
              error={errorOf('account')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField
              label={t('field_passphrase')}
              type="password"
              value={values.passphrase}
              onChange={set('passphrase')}
              error={errorOf('passphrase')}
              autoComplete="current-password"
            />
            <TextField
              label={t('field_code')}
              hint={t('field_code_hint')}
              value={values.code}
              onChange={set('code')}
              error={errorOf('code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
            />
            <Button type="submit" block loading={signIn.isPending}>
              {t('sign_in_submit')}
            </Button>
          </Form>
        </section>
      </main>
    </div>
  );
}
