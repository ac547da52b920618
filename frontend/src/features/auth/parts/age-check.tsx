// The register page's required confirmation of the operator's legal age.
import { useId } from 'react';
import styles from '@/features/auth/parts/agreement-check.module.css';
import { useI18n } from '@/i18n/i18n';

type Props = {
  age: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Already translated error text. */
  error: string | undefined;
};

export function AgeCheck({ age, checked, onChange, error }: Props) {
  const { t } = useI18n();
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
          required
        />
        <label htmlFor={id}>{t('reg_age_confirm', { age })}</label>
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
