// For a logged-in player: when the operator raised the version of an agreement he accepted
// (or added one), a dialog links the agreements to read and records his acceptance of the
// versions in force. Closing it without accepting asks again on the next start of the app.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useAcceptAgreements, useAgreementStatuses } from '@/features/system/api/agreements';
import { useConfig } from '@/hooks/use-config';
import { useI18n } from '@/i18n/i18n';
import { agreementTitle, opensInApp } from '@/lib/agreements';

export function AgreementGate() {
  const { t, lang } = useI18n();
  const config = useConfig();
  const statuses = useAgreementStatuses();
  const accept = useAcceptAgreements();
  const [dismissed, setDismissed] = useState(false);

  const pending = (statuses.data ?? []).filter((status) => !status.accepted);
  if (dismissed || pending.length === 0 || config.data === undefined) return null;
  const agreements = config.data.agreements;

  return (
    <Dialog
      title={t('agreement_update_title')}
      onClose={() => setDismissed(true)}
      testId="agreement-gate"
    >
      <p>{t('agreement_update_text')}</p>
      <ul style={{ margin: '12px 0', paddingLeft: 20 }}>
        {pending.map((status) => {
          const agreement = agreements.find((entry) => entry.key === status.key);
          if (agreement === undefined) return null;
          return (
            <li key={status.key}>
              <a
                href={agreement.url}
                onClick={() => setDismissed(true)}
                {...(opensInApp(agreement) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {agreementTitle(agreement, lang, t)}
              </a>{' '}
              {t('agreement_version', { version: status.version })}
            </li>
          );
        })}
      </ul>
      <Button block loading={accept.isPending} onClick={() => accept.mutate(pending)}>
        {t('agreement_accept_button')}
      </Button>
    </Dialog>
  );
}

export default AgreementGate;
