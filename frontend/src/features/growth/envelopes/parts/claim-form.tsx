// The code field and claim button, and the reveal of what the claim brought.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { TextField } from '@/components/text-field';
import { useClaimEnvelope, type ClaimResult } from '@/features/growth/envelopes/api/claim-envelope';
import styles from '@/features/growth/envelopes/parts/envelope.module.css';
import { CODE_PATTERN, envelopePath } from '@/features/growth/envelopes/parts/envelope-path';
import { LuckiestMark } from '@/features/growth/envelopes/parts/luckiest-mark';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useI18n } from '@/i18n/i18n';
import { describeError } from '@/lib/api';
import { formatMoney } from '@/lib/money';

export function ClaimForm() {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<ClaimResult | null>(null);
  const claim = useClaimEnvelope();
  const attempt = useAttemptKey();

  const submit = () => {
    const typed = code.trim();
    if (typed === '') return setError(t('envelope_code_required'));
    if (!CODE_PATTERN.test(typed)) return setError(t('envelope_code_format'));
    const normal = typed.toUpperCase();
    claim.mutate(
      { code: normal, key: attempt.for(normal) },
      {
        onSuccess: (claimed) => {
          attempt.done();
          setCode('');
          setResult(claimed);
        },
        // The server's message, in the player's language (expired, not yours, throttled...).
        onError: (failure) => setError(describeError(failure)),
      },
    );
  };

  return (
    <>
      <Form onSubmit={submit} label={t('envelope_title')}>
        <div className={styles.claimCard}>
          <p className={styles.intro}>{t('envelope_intro')}</p>
          <TextField
            label={t('envelope_code')}
            placeholder={t('envelope_code_placeholder')}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\s/g, ''));
              setError(undefined);
              setResult(null);
            }}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            data-testid="envelope-code"
          />
          <Button type="submit" block loading={claim.isPending}>
            {t('envelope_claim')}
          </Button>
        </div>
      </Form>
      {result === null ? null : <Reveal result={result} />}
    </>
  );
}

function Reveal({ result }: { result: ClaimResult }) {
  const { t } = useI18n();
  return (
    <section className={styles.reveal} aria-live="polite" data-testid="envelope-result">
      <h2 className={styles.revealTitle}>{t('envelope_opened')}</h2>
      <strong className={styles.revealAmount} data-testid="envelope-amount">
        +{formatMoney(result.amount)}
      </strong>
      {result.luckiest ? <LuckiestMark /> : null}
      <p className={styles.revealText}>
        {result.luckiest ? t('envelope_luckiest_text') : t('envelope_added')}{' '}
        {t('envelope_new_balance', { balance: formatMoney(result.balance) })}
      </p>
      <Link to={envelopePath(result.envelope_id)}>{t('envelope_view_detail')}</Link>
    </section>
  );
}
