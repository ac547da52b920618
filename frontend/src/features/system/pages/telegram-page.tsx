// pages/telegram/index — the operator's Telegram contacts (`app.telegram_url` and the telegram
// links of [[app.support_links]], from api/customer/index) with the support hours and whether
// support is open now in the operator's time zone.
import { Empty } from '@/components/empty';
import { SendIcon } from '@/components/icons-extra';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { SupportHours } from '@/components/support-hours';
import styles from '@/features/system/parts/system.module.css';
import { useCustomerContacts, usableLink, type CustomerContacts } from '@/hooks/use-support';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const query = useCustomerContacts();
  return (
    <main className="page">
      <PageHeader title={t('telegram_title')} back fallback={ROUTES.customer} />
      <div className="page-body">
        <LoadingGate queries={[query]} ready={query.data !== undefined}>
          {() => query.data !== undefined && <Contacts contacts={query.data} />}
        </LoadingGate>
      </div>
    </main>
  );
}

function Contacts({ contacts }: { contacts: CustomerContacts }) {
  const { t } = useI18n();
  const links = contacts.links.filter(
    (link) => link.channel === 'telegram' && usableLink(link.url),
  );
  return (
    <>
      <section className="card" style={{ padding: 16 }}>
        <h2 style={{ fontSize: 17, fontWeight: 700 }}>{t('telegram_title')}</h2>
        <p style={{ color: 'var(--muted)', fontSize: 14, margin: '4px 0 10px' }}>
          {t('telegram_text')}
        </p>
        <SupportHours
          hours={contacts.hours}
          timezone={contacts.timezone}
          openNow={contacts.open_now}
        />
      </section>
      {links.length === 0 ? (
        <Empty
          icon={<SendIcon size={38} />}
          title={t('telegram_none_title')}
          text={t('telegram_none_text')}
        />
      ) : (
        <ul className={styles.list}>
          {links.map((link) => (
            <li key={link.url}>
              <a className={styles.row} href={link.url} target="_blank" rel="noopener noreferrer">
                <SendIcon size={22} />
                <span className={styles.rowText}>
                  <strong>{link.label === '' ? t('telegram_channel') : link.label}</strong>
                  <span>{link.url.replace(/^https?:\/\//, '')}</span>
                </span>
                <span aria-hidden="true">↗</span>
                <span className="sr-only">{t('opens_new_window')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
