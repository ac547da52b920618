import type { FormEvent, ReactNode } from 'react';
import styles from '@/components/blocks.module.css';

/** A form laid out as a column; the browser's own validation is off (ours speaks the language). */
export function Form({
  onSubmit,
  children,
  label,
}: {
  onSubmit: () => void;
  children: ReactNode;
  label?: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={label}>
      {children}
    </form>
  );
}

/** A titled card of content inside a page. */
export function Section({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${styles.section} ${className ?? ''}`}>
      {title === undefined ? null : <h2 className={styles.sectionTitle}>{title}</h2>}
      {children}
    </section>
  );
}
