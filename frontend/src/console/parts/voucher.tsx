// A deposit's voucher: the picture inline (a button: click or Enter to zoom), and full size in
// a dialog that Escape, its close button or a click beside it closes; focus goes back.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/button';
import dialogStyles from '@/components/dialog.module.css';
import { voucherUrl } from '@/console/api/deposit-detail';
import { useText } from '@/console/i18n/i18n';
import styles from '@/console/pages/pages.module.css';

export function Voucher({ id, present }: { id: number; present: boolean }) {
  const { t } = useText();
  const [zoomed, setZoomed] = useState(false);
  const [broken, setBroken] = useState(false);
  const alt = t('voucher_alt', { id });
  if (!present) return <p className={styles.empty}>{t('voucher_none')}</p>;
  if (broken) return <p className={styles.empty}>{t('voucher_failed')}</p>;
  return (
    <>
      <button type="button" className={styles.voucherButton} onClick={() => setZoomed(true)}>
        <img
          className={styles.voucherThumb}
          src={voucherUrl(id)}
          alt={alt}
          onError={() => setBroken(true)}
        />
        <span>{t('voucher_enlarge')}</span>
      </button>
      {zoomed ? <Zoom src={voucherUrl(id)} alt={alt} onClose={() => setZoomed(false)} /> : null}
    </>
  );
}

const FOCUSABLE = 'button:not(:disabled), [tabindex="0"]';

function Zoom({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useText();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  // Tab goes round the close button and the picture's scroll area, never out of the dialog.
  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || box.current === null) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = items[(index + (event.shiftKey ? items.length - 1 : 1)) % items.length];
    event.preventDefault();
    next?.focus();
  };

  return (
    <div
      className={dialogStyles.backdrop}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={box}
        className={styles.zoomBox}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={keepFocusInside}
      >
        <div className={styles.zoomHead}>
          <h2 id={titleId}>{alt}</h2>
          <Button variant="ghost" size="small" onClick={onClose}>
            {t('voucher_close')}
          </Button>
        </div>
        {/* Focusable, so a keyboard can scroll a picture larger than the screen. */}
        <div className={styles.zoomScroll} tabIndex={0} role="region" aria-label={alt}>
          <img className={styles.zoomImage} src={src} alt={alt} data-testid="voucher-full" />
        </div>
      </div>
    </div>
  );
}
