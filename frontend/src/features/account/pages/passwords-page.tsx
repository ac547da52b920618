// pages/yn28/info/passwordmanagement — the two passwords and whether the fund one is set.
import { Badge } from '@/components/badge';
import { KeyIcon, LockIcon } from '@/components/icons-extra';
import { Menu } from '@/components/menu';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const profile = useProfile();
  const set = profile.data?.fund_password_set;
  return (
    <main className="page">
      <PageHeader title={t('passwords_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <Menu
          label={t('passwords_title')}
          entries={[
            {
              to: ROUTES.loginPassword,
              icon: <KeyIcon size={21} />,
              label: t('login_password_title'),
            },
            {
              to: ROUTES.fundPassword,
              icon: <LockIcon size={21} />,
              label: t('fund_password_title'),
              value:
                set === undefined ? undefined : (
                  <Badge tone={set ? 'ok' : 'wait'}>
                    {set ? t('fund_password_is_set') : t('fund_password_not_set')}
                  </Badge>
                ),
            },
          ]}
        />
        <Notice>{t('passwords_note')}</Notice>
      </div>
    </main>
  );
}
