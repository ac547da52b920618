// Toasts and confirm dialogs as tiny stores, so non-React code (the API client) can raise them
// and the hosts in src/components render them.
export const TOAST_MS = 2000;

export type ToastTone = 'info' | 'success' | 'error';
export type ToastItem = { id: number; text: string; tone: ToastTone };

type Listener = () => void;

let toastItem: ToastItem | null = null;
let toastTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const toastListeners = new Set<Listener>();

function emitToast(): void {
  for (const listener of toastListeners) listener();
}

/** Shows one toast for 2000 ms; a newer toast replaces the current one. */
export function toast(text: string, tone: ToastTone = 'info', durationMs = TOAST_MS): void {
  if (text.trim() === '') return;
  clearTimeout(toastTimer);
  toastItem = { id: nextId++, text, tone };
  emitToast();
  toastTimer = setTimeout(() => {
    toastItem = null;
    emitToast();
  }, durationMs);
}

export function dismissToast(): void {
  clearTimeout(toastTimer);
  toastItem = null;
  emitToast();
}

export const getToast = (): ToastItem | null => toastItem;

export function subscribeToast(listener: Listener): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

export type ConfirmOptions = {
  message: string;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
};

export type ConfirmRequest = ConfirmOptions & { id: number; settle: (ok: boolean) => void };

let dialogs: readonly ConfirmRequest[] = [];
const dialogListeners = new Set<Listener>();

function emitDialogs(): void {
  for (const listener of dialogListeners) listener();
}

/** Asks the user; resolves true on confirm, false on cancel. Requests queue up. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const settle = (ok: boolean) => {
      dialogs = dialogs.filter((dialog) => dialog.id !== id);
      emitDialogs();
      resolve(ok);
    };
    dialogs = [...dialogs, { ...options, id, settle }];
    emitDialogs();
  });
}

export const getDialogs = (): readonly ConfirmRequest[] => dialogs;

export function subscribeDialogs(listener: Listener): () => void {
  dialogListeners.add(listener);
  return () => dialogListeners.delete(listener);
}
