// pages/mine/privacy/index — what the app stores about the player, and why.
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/form';
import { useI18n, type MessageKey } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

const SECTIONS: readonly [MessageKey, MessageKey][] = [
  ['privacy_account_title', 'privacy_account_text'],
  ['privacy_names_title', 'privacy_names_text'],
  ['privacy_cards_title', 'privacy_cards_text'],
  ['privacy_vouchers_title', 'privacy_vouchers_text'],
  ['privacy_money_title', 'privacy_money_text'],
  ['privacy_device_title', 'privacy_device_text'],
  ['privacy_share_title', 'privacy_share_text'],
  ['privacy_rights_title', 'privacy_rights_text'],
];

export function Component() {
  const { t } = useI18n();
  return (
    <main className="page">
      <PageHeader title={t('privacy_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <p style={{ color: 'var(--muted)' }}>{t('privacy_intro', { app: t('app_name') })}</p>
        {SECTIONS.map(([title, text]) => (
          <Section key={title} title={t(title)}>
            <p style={{ lineHeight: 1.6 }}>{t(text)}</p>
          </Section>
        ))}
      </div>
    </main>
  );
}
