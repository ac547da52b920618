// The root layout: the current page plus the app-wide overlays (pending bar, toasts, dialogs).
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loadQueryShell } from '@/app/boot';
import { guardRedirect } from '@/app/guard';
import { HydrateFallback, PendingNavigation } from '@/app/route-states';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';
import { useToken } from '@/hooks/use-session';

const QueryShell = lazy(loadQueryShell);
// Asks a logged-in player to accept a raised agreement version; its own chunk, after the page.
const AgreementGate = lazy(() => import('@/features/system/parts/agreement-gate'));
// Player protection on every page: the banner of a running exclusion (which also keeps the
// player on the pages it leaves open) and the reality-check dialog; one chunk, after the page.
const loadProtectionShell = () => import('@/features/protection/parts/protection-shell');
const ExclusionBanner = lazy(() =>
  loadProtectionShell().then((module) => ({ default: module.ExclusionBanner })),
);
const RealityCheck = lazy(() =>
  loadProtectionShell().then((module) => ({ default: module.RealityCheck })),
);

export function Root() {
  const token = useToken();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // The session can end without a navigation (another tab logged out): leave guarded pages.
  // (A session that starts is handled by the screen that started it.)
  useEffect(() => {
    if (token !== null) return;
    const target = guardRedirect(pathname, false);
    if (target !== null) void navigate(target, { replace: true });
  }, [token, pathname, navigate]);

  return (
    <>
      <Suspense fallback={<HydrateFallback />}>
        <QueryShell>
          {token === null ? null : (
            <Suspense fallback={null}>
              <ExclusionBanner />
            </Suspense>
          )}
          <Outlet />
          {token === null ? null : (
            <>
              <Suspense fallback={null}>
                <AgreementGate />
              </Suspense>
              <Suspense fallback={null}>
                <RealityCheck />
              </Suspense>
            </>
          )}
        </QueryShell>
      </Suspense>
      <PendingNavigation />
      <ToastHost />
      <DialogHost />
    </>
  );
}
