// A modal with a title, free content and actions (e.g. a form asking the fund password). Escape
// or a tap outside closes it; Tab stays inside; focus returns where it was when it closes.
// For a plain yes/no question use `confirm()` of lib/notify instead.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from '@/components/dialog.module.css';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), select, textarea';

export function Dialog({ title, onClose, children, testId }: Props) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || box.current === null) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className={styles.backdrop}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={box}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={keepFocusInside}
        data-testid={testId}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
