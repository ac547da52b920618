// pages/yn28/customer (tab 3) — the support contacts the operator configured
// (api/index/config: support_url, telegram_url). Empty entries are hidden.
import type { ReactNode } from 'react';
import styles from '@/features/content/pages/customer-page.module.css';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { HeadsetIcon, SendIcon } from '@/components/icons-extra';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';

/** Web and Telegram links are opened; anything else in the config is not a usable contact. */
const usable = (url: string): boolean => /^(?:https?|tg):\/\/\S+$/i.test(url.trim());

export function Component() {
  const { t } = useI18n();
  const config = useConfig();

  let body: ReactNode;
  if (config.data === undefined) {
    body = config.isError ? (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('config_failed')}
        action={
          <Button onClick={() => void config.refetch()} loading={config.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    ) : (
      <LoadingView label={t('loading')} />
    );
  } else {
    const contacts = [
      { url: config.data.support_url, title: t('contact_online'), text: t('contact_online_text'), icon: <HeadsetIcon size={22} />, tint: '#17b890' },
      { url: config.data.telegram_url, title: t('contact_telegram'), text: t('contact_telegram_text'), icon: <SendIcon size={22} />, tint: '#2aa3e0' },
    ].filter((contact) => usable(contact.url));

    body =
      contacts.length === 0 ? (
        <Empty icon={<HeadsetIcon size={38} />} title={t('contact_none_title')} text={t('contact_none_text')} />
      ) : (
        <div className="page-body">
          <section className={`card ${styles.intro}`}>
            <span className={styles.introIcon}>
              <HeadsetIcon size={26} />
            </span>
            <div>
              <h2>{t('customer_title')}</h2>
              <p>{t('customer_subtitle')}</p>
            </div>
          </section>
          <ul className={styles.list}>
            {contacts.map((contact) => (
              <li key={contact.title}>
                <a className={styles.contact} href={contact.url.trim()} target="_blank" rel="noopener noreferrer">
                  <span className={styles.contactIcon} style={{ background: contact.tint }}>
                    {contact.icon}
                  </span>
                  <span className={styles.contactText}>
                    <strong>{contact.title}</strong>
                    <span>{contact.text}</span>
                  </span>
                  <span className={styles.open}>
                    ↗<span className="sr-only">{t('opens_new_window')}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      );
  }

  return (
    <main className="page">
      <PageHeader title={t('customer_title')} />
      {body}
    </main>
  );
}
