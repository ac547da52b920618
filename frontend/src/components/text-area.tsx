import { useId, type TextareaHTMLAttributes } from 'react';
import styles from '@/components/field.module.css';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
};

export function TextArea({ label, value, onChange, error, hint, ...rest }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {hint === undefined ? null : <span className={styles.hint}>({hint})</span>}
      </label>
      <div className={`${styles.control} ${styles.areaControl}`} data-invalid={error !== undefined}>
        <textarea
          id={id}
          className={`${styles.input} ${styles.area}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          rows={3}
          {...rest}
        />
      </div>
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
