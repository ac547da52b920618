// The register page's acceptance of the operator's agreements: one checkbox, each agreement
// linked by its title (an app route opens in the app, an address in a new window).
import { useId } from 'react';
import styles from '@/features/auth/parts/agreement-check.module.css';
import { useI18n } from '@/i18n/i18n';
import { agreementTitle, opensInApp } from '@/lib/agreements';
import type { Agreement } from '@/lib/config';

type Props = {
  agreements: Agreement[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Already translated error text. */
  error: string | undefined;
};

export function AgreementCheck({ agreements, checked, onChange, error }: Props) {
  const { t, lang } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <>
      <div className={styles.check}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
        />
        <span>
          <label htmlFor={id}>{t('agreement_accept')}</label>{' '}
          {agreements.map((agreement, index) => (
            <span key={agreement.key}>
              {index > 0 ? t('agreement_and') : null}
              <a
                href={agreement.url}
                {...(opensInApp(agreement) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {agreementTitle(agreement, lang, t)}
              </a>
            </span>
          ))}
        </span>
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
