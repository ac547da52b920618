// What pages/first-storage/index shows above the deposit form: the app provides a view (the
// first-deposit bonus's rules and the player's eligibility, from another feature) through the
// slot, see `depositBannerLayout` in app/router.tsx; without one the page shows the plain
// first-deposit notice.
import { Notice } from '@/components/notice';
import { useI18n } from '@/i18n/i18n';
import { viewSlot } from '@/lib/view-slot';

const slot = viewSlot();

export const depositBannerLayout = slot.layout;

/** The provided banner (loaded on demand), or the plain first-deposit notice. */
export function FirstDepositBanner() {
  const { t } = useI18n();
  const plain = (
    <Notice title={t('first_deposit_banner_title')}>{t('first_deposit_banner_text')}</Notice>
  );
  return <slot.Render fallback={plain} />;
}
