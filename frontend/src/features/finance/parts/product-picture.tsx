import { useState } from 'react';
import styles from '@/features/finance/parts/goods.module.css';
import { mediaUrl } from '@/lib/api';

/** A product's picture, or its name's first letter when it has none (or it fails to load). */
export function ProductPicture({
  src,
  name,
  large = false,
}: {
  src: string | null;
  name: string;
  large?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const size = large ? 88 : 56;
  return (
    <span className={`${styles.picture} ${large ? styles.pictureLarge : ''}`} aria-hidden="true">
      {src !== null && src !== '' && !failed ? (
        <img
          src={mediaUrl(src)}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        name.slice(0, 1)
      )}
    </span>
  );
}
