// pages/yn28/customer (tab 3) — the support contacts the operator configured
// (api/customer/index: support_url, telegram_url and the labelled links; unusable entries are
// hidden), the support hours with "open now" or "closed", and the way to the operator's news.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '@/features/content/pages/customer-page.module.css';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { AlertIcon } from '@/components/icons';
import { ChevronRightIcon, HeadsetIcon, NewsIcon, SendIcon } from '@/components/icons-extra';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { SupportHours } from '@/components/support-hours';
import { useCustomerContacts, usableLink } from '@/hooks/use-support';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const query = useCustomerContacts();

  const newsLink = (
    <Link to={ROUTES.news} className={styles.contact}>
      <span className={styles.contactIcon} style={{ background: 'var(--tint-violet)' }}>
        <NewsIcon size={22} />
      </span>
      <span className={styles.contactText}>
        <strong>{t('news_title')}</strong>
        <span>{t('news_entry_text')}</span>
      </span>
      <ChevronRightIcon size={20} />
    </Link>
  );

  let body: ReactNode;
  if (query.data === undefined) {
    body = query.isError ? (
      <Empty
        icon={<AlertIcon size={38} />}
        title={t('contacts_failed')}
        action={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    ) : (
      <LoadingView label={t('loading')} />
    );
  } else {
    const contacts = query.data.links
      .filter((link) => usableLink(link.url))
      .map((link, index) =>
        link.channel === 'telegram'
          ? {
              key: `${index}`,
              url: link.url,
              title: link.label === '' ? t('contact_telegram') : link.label,
              text: t('contact_telegram_text'),
              icon: <SendIcon size={22} />,
              tint: 'var(--tint-sky)',
            }
          : {
              key: `${index}`,
              url: link.url,
              title: link.label === '' ? t('contact_online') : link.label,
              text: t('contact_online_text'),
              icon: <HeadsetIcon size={22} />,
              tint: 'var(--tint-teal)',
            },
      );

    if (contacts.length > 0) {
      return (
        <main className="page">
          <PageHeader title={t('customer_title')} />
          <div className="page-body">
            <section className={`card ${styles.intro}`}>
              <span className={styles.introIcon}>
                <HeadsetIcon size={26} />
              </span>
              <div>
                <h2>{t('customer_title')}</h2>
                <p>{t('customer_subtitle')}</p>
                <SupportHours
                  hours={query.data.hours}
                  timezone={query.data.timezone}
                  openNow={query.data.open_now}
                />
              </div>
            </section>
            <ul className={styles.list}>
              {contacts.map((contact) => (
                <li key={contact.key}>
                  <a
                    className={styles.contact}
                    href={contact.url.trim()}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
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
            {newsLink}
          </div>
        </main>
      );
    }
    body = (
      <Empty
        icon={<HeadsetIcon size={38} />}
        title={t('contact_none_title')}
        text={t('contact_none_text')}
      />
    );
  }

  return (
    <main className="page">
      <PageHeader title={t('customer_title')} />
      {body}
      <div className={styles.more}>{newsLink}</div>
    </main>
  );
}
