// pages/system/open-location — one location of the list (`?code=VN`) with what choosing it
// changes: its flag, dialling code and phone format for registration, and its currency for
// deposits. "Use this location" stores the choice on this device and goes on to `?next=` (an
// app page), else to registration for a guest or the deposit page for a player.
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Empty } from '@/components/empty';
import { LinkButton } from '@/components/link-button';
import { LoadingView } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import styles from '@/features/system/parts/system.module.css';
import { useConfig } from '@/hooks/use-config';
import { useToken } from '@/hooks/use-session';
import { useI18n } from '@/i18n/i18n';
import { mediaUrl } from '@/lib/api';
import { chooseLocation, findLocation } from '@/lib/location';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

/** Only a page of this app is a place to go on to (never another site). */
const appPage = (path: string | null): path is string =>
  path !== null && path.startsWith('/pages/') && !path.includes('//');

export function Component() {
  const { t } = useI18n();
  const config = useConfig();
  const token = useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const next = params.get('next');
  const location = config.data === undefined ? null : findLocation(config.data, code);

  const confirm = () => {
    if (location === null) return;
    chooseLocation(location.code);
    toast(t('location_chosen', { name: location.name }), 'success');
    const fallback = token === null ? ROUTES.register : ROUTES.deposit;
    void navigate(appPage(next) ? next : fallback, { replace: true });
  };

  let body;
  if (config.data === undefined) {
    body = <LoadingView label={t('loading')} />;
  } else if (location === null) {
    body = (
      <Empty
        title={t('location_unknown_title')}
        text={t('location_unknown_text')}
        action={<LinkButton to={ROUTES.chooseLocation}>{t('location_choose_title')}</LinkButton>}
      />
    );
  } else {
    body = (
      <>
        <section className={`card ${styles.detail}`}>
          <img
            className={styles.bigFlag}
            src={mediaUrl(location.picture)}
            alt={t('location_flag_alt', { name: location.name })}
          />
          <h2>{location.name}</h2>
        </section>
        <Rows
          rows={[
            { label: t('location_dialling_code'), value: location.dialling_code },
            { label: t('location_currency'), value: location.currency },
            { label: t('location_code'), value: location.code },
          ]}
        />
        <p style={{ color: 'var(--muted)', fontSize: 13 }}>{t('location_use_text')}</p>
        <Button block onClick={confirm}>
          {t('location_use')}
        </Button>
      </>
    );
  }

  return (
    <main className="page">
      <PageHeader title={t('location_open_title')} back fallback={ROUTES.chooseLocation} />
      <div className="page-body">{body}</div>
    </main>
  );
}
