// A labelled input in the app's field look (components/field.module.css), with its hint and
// error tied to the input (aria-describedby) but outside the label, so the label is the name.
import { useId, type InputHTMLAttributes } from 'react';
import styles from '@/components/field.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated. */
  error?: string | undefined;
  hint?: string;
};

export function TextField({ label, value, onChange, error, hint, type = 'text', ...rest }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint === undefined ? '' : hintId, error === undefined ? '' : errorId]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <div className={styles.label}>
        <label htmlFor={id}>{label}</label>
        {hint === undefined ? null : (
          <span id={hintId} className={styles.hint}>
            ({hint})
          </span>
        )}
      </div>
      <div className={styles.control} data-invalid={error !== undefined}>
        <input
          id={id}
          className={styles.input}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={described === '' ? undefined : described}
          {...rest}
        />
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
