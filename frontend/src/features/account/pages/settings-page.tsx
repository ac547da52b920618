// pages/mine/settings/index — profile, avatar, e-mail, mobile, passwords, language, privacy, log out,
// and the app version.
import { useState } from 'react';
import { AppVersion } from '@/components/app-version';
import {
  CameraIcon,
  DocIcon,
  EditIcon,
  GlobeIcon,
  LockIcon,
  LogoutIcon,
  MailIcon,
  PhoneIcon,
} from '@/components/icons-extra';
import { Menu } from '@/components/menu';
import { PageHeader } from '@/components/page-header';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';
import { logOut } from '@/lib/log-out';
import { confirm, toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t, lang } = useI18n();
  const user = useProfile().data;
  const [leaving, setLeaving] = useState(false);

  const askLogout = async () => {
    if (leaving) return;
    const ok = await confirm({
      message: t('logout_confirm'),
      confirmText: t('logout'),
      danger: true,
    });
    if (!ok) return;
    setLeaving(true);
    await logOut();
    toast(t('logged_out'), 'success');
  };

  return (
    <main className="page">
      <PageHeader title={t('settings_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        <Menu
          label={t('settings_profile_group')}
          entries={[
            {
              to: ROUTES.userInfo,
              icon: <EditIcon size={21} />,
              label: t('user_info_title'),
              value: user?.nickname || undefined,
            },
            { to: ROUTES.setHeader, icon: <CameraIcon size={21} />, label: t('avatar_title') },
            {
              to: ROUTES.setEmail,
              icon: <MailIcon size={21} />,
              label: t('email_title'),
              value: user?.email || t('not_set'),
            },
            {
              to: ROUTES.setMobile,
              icon: <PhoneIcon size={21} />,
              label: t('mobile_title'),
              value: user?.phone,
            },
          ]}
        />
        <Menu
          label={t('settings_security_group')}
          entries={[
            { to: ROUTES.passwords, icon: <LockIcon size={21} />, label: t('passwords_title') },
            {
              to: ROUTES.language,
              icon: <GlobeIcon size={21} />,
              label: t('entry_language'),
              value: languageOf(lang).native,
            },
            { to: ROUTES.privacy, icon: <DocIcon size={21} />, label: t('privacy_title') },
          ]}
        />
        <Menu
          entries={[
            {
              onClick: () => void askLogout(),
              icon: <LogoutIcon size={21} />,
              label: t('logout'),
              danger: true,
            },
          ]}
        />
        <AppVersion />
      </div>
    </main>
  );
}
