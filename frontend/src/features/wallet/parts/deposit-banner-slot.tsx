// What pages/first-storage/index shows above the deposit form: the app provides a view (the
// first-deposit bonus's rules and the player's eligibility, from another feature) as a layout
// route, see `depositBannerLayout` in app/router.tsx; without one the page shows the plain
// first-deposit notice.
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { Notice } from '@/components/notice';
import { useI18n } from '@/i18n/i18n';

export const DepositBannerSlot = createContext<ComponentType | null>(null);

/** A layout route element that provides `view` to the deposit page below it. */
export function depositBannerLayout(view: ComponentType): ComponentType {
  return function DepositBannerLayout() {
    return (
      <DepositBannerSlot value={view}>
        <Outlet />
      </DepositBannerSlot>
    );
  };
}

/** The provided banner (loaded on demand), or the plain first-deposit notice. */
export function FirstDepositBanner() {
  const { t } = useI18n();
  const View = useContext(DepositBannerSlot);
  const plain = (
    <Notice title={t('first_deposit_banner_title')}>{t('first_deposit_banner_text')}</Notice>
  );
  if (View === null) return plain;
  return (
    <Suspense fallback={plain}>
      <View />
    </Suspense>
  );
}
