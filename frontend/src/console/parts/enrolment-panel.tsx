// A staff member's new second factor, shown this once (the server keeps the secret sealed and
// only hashes of the recovery codes): the otpauth:// URI as a QR code for his authenticator
// app, the secret as text in groups of 4 for an app that cannot scan, the 10 recovery codes
// with one copy button, and the first code his app shows to confirm the enrolment (until then
// he cannot sign in). It stays until dismissed with its own button.
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { groupedInFours, secretOf, useConfirmStaff, type Enrolment } from '@/console/api/staff';
import { useText } from '@/console/i18n/i18n';
import { describeRefusal } from '@/console/lib/refusal';
import { ErrorAlert, SuccessStatus } from '@/console/parts/messages';
import { TextField } from '@/console/parts/text-field';
import styles from '@/console/pages/pages.module.css';
import { copyText } from '@/lib/copy-text';

/** A TOTP code: 6 digits (spaces typed between groups are dropped). */
const CODE = /^\d{6}$/;

type Props = {
  enrolment: Enrolment;
  /** Whose factor it is (his login name, else his phone). */
  name: string;
  onHide: () => void;
};

export function EnrolmentPanel({ enrolment, name, onHide }: Props) {
  const { t } = useText();
  const heading = useRef<HTMLHeadingElement>(null);
  const confirm = useConfirmStaff(enrolment.user_id);
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  const secret = secretOf(enrolment.otpauth_uri);
  const codes = enrolment.recovery_codes;
  const enrolled = confirm.isSuccess;

  // Shown after an action elsewhere on the page: the reader and the keyboard go there.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [enrolment]);

  const submit = () => {
    const typed = code.replace(/\s+/g, '');
    setWrong(!CODE.test(typed));
    if (CODE.test(typed)) confirm.mutate(typed);
  };

  return (
    <section
      className={`${styles.card} ${styles.enrolment}`}
      aria-labelledby="enrolment-title"
      data-testid="enrolment"
    >
      <h2 id="enrolment-title" ref={heading} tabIndex={-1}>
        {t('enrolment_title', { name })}
      </h2>
      <p className={styles.warn}>{t('enrolment_once')}</p>
      <div className={styles.enrolmentGrid}>
        <div className={styles.qrBox}>
          <QRCodeSVG
            value={enrolment.otpauth_uri}
            size={184}
            marginSize={2}
            role="img"
            aria-label={t('enrolment_qr_label', { name })}
            data-testid="enrolment-qr"
          />
        </div>
        <div className={styles.column}>
          <div className={styles.secretBox}>
            <h3 id="enrolment-secret-title">{t('enrolment_secret')}</h3>
            <p
              className={styles.secretValue}
              data-testid="enrolment-secret"
              aria-labelledby="enrolment-secret-title"
            >
              {groupedInFours(secret)}
            </p>
            <p className={styles.note}>{t('enrolment_secret_note')}</p>
          </div>
          <div className={styles.secretBox}>
            <h3 id="recovery-codes-title">{t('recovery_codes')}</h3>
            <ol
              className={styles.codeList}
              aria-labelledby="recovery-codes-title"
              data-testid="recovery-codes"
            >
              {codes.map((one) => (
                <li key={one}>{one}</li>
              ))}
            </ol>
            <p className={styles.note}>{t('recovery_codes_note')}</p>
            <div className={styles.actions}>
              <Button
                size="small"
                variant="secondary"
                onClick={() => void copyText(codes.join('\n')).then((ok) => setCopied(ok))}
              >
                {t('recovery_codes_copy')}
              </Button>
              <span className={styles.note} aria-live="polite">
                {copied === null ? '' : copied ? t('copied') : t('copy_failed_codes')}
              </span>
            </div>
          </div>
        </div>
      </div>
      <div className={styles.subsection}>
        <h3>{t('enrolment_confirm_title')}</h3>
        {enrolled ? (
          <SuccessStatus>{t('enrolment_done', { name })}</SuccessStatus>
        ) : (
          <Form onSubmit={submit} label={t('enrolment_confirm_title')}>
            <div className={`${styles.searchForm} ${styles.codeForm}`}>
              <TextField
                label={t('enrolment_first_code')}
                hint={t('enrolment_first_code_hint')}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setWrong(false);
                }}
                error={wrong ? t('v_first_code') : undefined}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={9}
              />
              <Button type="submit" loading={confirm.isPending}>
                {t('enrolment_confirm')}
              </Button>
            </div>
            {confirm.isError ? <ErrorAlert>{describeRefusal(confirm.error)}</ErrorAlert> : null}
          </Form>
        )}
      </div>
      <div className={styles.actions}>
        <Button variant={enrolled ? 'primary' : 'ghost'} onClick={onHide}>
          {t('enrolment_hide')}
        </Button>
        {enrolled ? null : <p className={styles.note}>{t('enrolment_hide_note')}</p>}
      </div>
    </section>
  );
}
