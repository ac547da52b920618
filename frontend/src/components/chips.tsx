// A row of mutually exclusive choices (filters, method and direction switches).
import styles from '@/components/chips.module.css';

export type Choice<T extends string> = { value: T; label: string };

type Props<T extends string> = {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** Equal-width segments instead of scrolling chips. */
  segmented?: boolean;
  /** Chips on as many lines as they need instead of scrolling (every choice stays in view). */
  wrap?: boolean;
};

export function Chips<T extends string>({
  label,
  value,
  choices,
  onChange,
  segmented = false,
  wrap = false,
}: Props<T>) {
  return (
    <div
      className={segmented ? styles.segmented : wrap ? styles.wrap : styles.chips}
      role="radiogroup"
      aria-label={label}
    >
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={choice.value === value}
          className={styles.chip}
          onClick={() => choice.value !== value && onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
