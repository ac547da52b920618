// pages/yn28/info/bankcardmanagement and pages/bind/list — the linked bank card (masked), or
// an empty state with the way to link one.
import { CardIcon } from '@/components/icons-extra';
import { Empty } from '@/components/empty';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useBankCard } from '@/features/wallet/api/payout-accounts';
import { CardView } from '@/features/wallet/parts/card-view';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const card = useBankCard();
  return (
    <main className="page">
      <PageHeader title={t('bank_cards_title')} back fallback={ROUTES.account} />
      <div className="page-body">
        <LoadingGate queries={[card]} ready={card.data !== undefined}>
          {() =>
            card.data === null || card.data === undefined ? (
              <Empty
                icon={<CardIcon size={38} />}
                title={t('bank_card_none_title')}
                text={t('bank_card_none_text')}
                action={<LinkButton to={ROUTES.addBank}>{t('bind_bank_card')}</LinkButton>}
              />
            ) : (
              <CardView card={card.data} />
            )
          }
        </LoadingGate>
      </div>
    </main>
  );
}
