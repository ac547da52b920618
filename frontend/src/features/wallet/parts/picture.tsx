import { useState } from 'react';
import styles from '@/features/wallet/parts/wallet.module.css';
import { mediaUrl } from '@/lib/api';

/** A currency's or country's picture, or its code's first letters when there is none (or it fails). */
export function Picture({ src, code }: { src: string; code: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={styles.optionPicture} aria-hidden="true">
      {src !== '' && !failed ? (
        <img src={mediaUrl(src)} alt="" width={32} height={32} onError={() => setFailed(true)} />
      ) : (
        code.slice(0, 2)
      )}
    </span>
  );
}
