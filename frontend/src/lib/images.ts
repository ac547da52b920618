// Client-side checks of a picked image (the server checks again, by content).
import type { MessageKey } from '@/i18n/i18n';

export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

export type ImageProblem = { key: MessageKey; params?: Record<string, string | number> };

/** "5 MB" style size for messages (1 MB = 1024 × 1024 bytes, as the server counts). */
export const megabytes = (bytes: number): string => {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
};

/** Why `file` cannot be sent as a picture, or null when it looks fine. */
export function imageProblem(
  file: Pick<File, 'type' | 'name' | 'size'>,
  maxBytes: number,
): ImageProblem | null {
  const typeOk =
    file.type === '' ? IMAGE_EXTENSIONS.test(file.name) : IMAGE_TYPES.includes(file.type);
  if (!typeOk) return { key: 'v_image_type' };
  if (file.size === 0) return { key: 'v_image_empty' };
  if (file.size > maxBytes) return { key: 'v_image_size', params: { max: megabytes(maxBytes) } };
  return null;
}
