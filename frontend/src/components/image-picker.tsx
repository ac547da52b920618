// Picks one image and previews it. The page decides whether the file is acceptable.
import { useEffect, useId, useState } from 'react';
import { ImageIcon } from '@/components/icons-extra';
import styles from '@/components/image-picker.module.css';
import { useI18n } from '@/i18n/i18n';
import { IMAGE_ACCEPT } from '@/lib/images';

type Props = {
  label: string;
  hint: string;
  file: File | null;
  onPick: (file: File | null) => void;
  error?: string | undefined;
  /** Round preview (avatars). */
  round?: boolean;
};

function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function ImagePicker({ label, hint, file, onPick, error, round = false }: Props) {
  const { t } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  const preview = usePreview(file);

  return (
    <div className={styles.picker}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label
        className={styles.tile}
        data-round={round}
        data-invalid={error !== undefined}
        htmlFor={id}
      >
        {preview !== null ? (
          <img className={styles.preview} src={preview} alt={t('image_preview')} />
        ) : file !== null ? (
          <span className={styles.name}>{file.name}</span>
        ) : (
          <span className={styles.placeholder}>
            <ImageIcon size={30} />
            <span>{hint}</span>
          </span>
        )}
        <input
          id={id}
          className="sr-only"
          type="file"
          accept={IMAGE_ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            // Picking the same file again must fire onChange again.
            event.target.value = '';
            if (picked !== null) onPick(picked);
          }}
        />
      </label>
      {file === null ? null : (
        <div className={styles.actions}>
          <span className={styles.fileName}>{file.name}</span>
          <button type="button" className={styles.remove} onClick={() => onPick(null)}>
            {t('remove')}
          </button>
        </div>
      )}
      {error === undefined ? null : (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
