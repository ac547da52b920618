import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from '@/components/field.module.css';
import { EyeIcon, EyeOffIcon } from '@/components/icons-extra';
import { useI18n } from '@/i18n/i18n';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated error text, shown under the input. */
  error?: string | undefined;
  /** Small text after the label, e.g. "optional". */
  hint?: string;
  /** A control inside the input's frame, e.g. a "Send code" button. */
  trailing?: ReactNode;
};

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  trailing,
  type = 'text',
  id,
  ...rest
}: Props) {
  const { t } = useI18n();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {hint === undefined ? null : <span className={styles.hint}>({hint})</span>}
      </label>
      <div className={styles.control} data-invalid={error !== undefined}>
        <input
          id={inputId}
          className={styles.input}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? t('hide_password') : t('show_password')}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        ) : null}
        {trailing}
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
