// The dismissible offer to set a deposit limit (on the deposit pages): a link to the protection
// page and a "don't ask again".
import { Button } from '@/components/button';
import { LinkButton } from '@/components/link-button';
import { Notice } from '@/components/notice';
import { useLimitOffer } from '@/hooks/use-limit-offer';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function LimitOffer() {
  const { t } = useI18n();
  const offer = useLimitOffer();
  if (!offer.show) return null;
  return (
    <Notice title={t('limit_offer_title')} testId="limit-offer">
      <p>{t('limit_offer_text')}</p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
        <LinkButton to={ROUTES.protection} size="small">
          {t('limit_offer_set')}
        </LinkButton>
        <Button variant="ghost" size="small" onClick={offer.dismiss}>
          {t('limit_offer_dismiss')}
        </Button>
      </div>
    </Notice>
  );
}
