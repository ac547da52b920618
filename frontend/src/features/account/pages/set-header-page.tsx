// pages/mine/setheader — upload an avatar (PNG, JPEG or WebP) with a preview first.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Section } from '@/components/form';
import { ImagePicker } from '@/components/image-picker';
import { PageHeader } from '@/components/page-header';
import { useSetHeader } from '@/features/account/api/profile';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { mediaUrl } from '@/lib/api';
import { imageProblem } from '@/lib/images';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

/** The server's default limit (wallet.avatar_max_bytes); it checks again by content. */
export const AVATAR_MAX_BYTES = 1024 * 1024;

export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useProfile().data;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useSetHeader();

  const pick = (next: File | null) => {
    setFile(next);
    const problem = next === null ? null : imageProblem(next, AVATAR_MAX_BYTES);
    setError(problem === null ? undefined : t(problem.key, problem.params));
  };

  const submit = () => {
    if (file === null) return setError(t('v_avatar_required'));
    if (error !== undefined) return;
    upload.mutate(file, {
      onSuccess: () => {
        toast(t('avatar_done'), 'success');
        void navigate(ROUTES.settings, { replace: true });
      },
    });
  };

  return (
    <main className="page">
      <PageHeader title={t('avatar_title')} back fallback={ROUTES.settings} />
      <div className="page-body">
        <Section>
          {file === null && user !== undefined && user.avatar !== '' ? (
            <img
              src={mediaUrl(user.avatar)}
              alt={t('avatar_current')}
              width={96}
              height={96}
              style={{ borderRadius: '50%', margin: '0 auto', objectFit: 'cover' }}
            />
          ) : null}
          <ImagePicker
            round
            label={t('avatar_new')}
            hint={t('avatar_hint')}
            file={file}
            onPick={pick}
            error={error}
          />
          <p style={{ fontSize: 13, color: 'var(--muted)', textAlign: 'center' }}>
            {t('avatar_rules', { max: '1' })}
          </p>
        </Section>
        <Button block onClick={submit} loading={upload.isPending}>
          {t('avatar_upload')}
        </Button>
      </div>
    </main>
  );
}
