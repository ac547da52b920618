import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getDialogs, subscribeDialogs } from '@/lib/notify';

// Dialogs are rare: their code and styles load the first time one is needed.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog'));

/** Renders the oldest pending confirm dialog (raised with `confirm()` from lib/notify). */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribeDialogs, getDialogs, getDialogs);
  const current = dialogs[0];
  if (current === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.id} request={current} />
    </Suspense>
  );
}
