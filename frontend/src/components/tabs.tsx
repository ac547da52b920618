// Tabs over one panel (e.g. the yn28 regions): a segmented row with the WAI-ARIA tabs keys
// (arrows, Home, End move and select; only the selected tab is in the tab order).
import { useRef, type KeyboardEvent } from 'react';
import type { Choice } from '@/components/chips';
import styles from '@/components/chips.module.css';

type Props<T extends string> = {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** data-testid of each tab. */
  testId?: (value: T) => string;
};

export function Tabs<T extends string>({ label, value, choices, onChange, testId }: Props<T>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = choices.findIndex((choice) => choice.value === value);
    const last = choices.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % choices.length
        : event.key === 'ArrowLeft'
          ? (index + last) % choices.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const choice = next === null ? undefined : choices[next];
    if (next === null || choice === undefined) return;
    event.preventDefault();
    onChange(choice.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div
      ref={list}
      className={styles.segmented}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => {
        const selected = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={styles.chip}
            data-testid={testId?.(choice.value)}
            onClick={() => !selected && onChange(choice.value)}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
