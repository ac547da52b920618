// "Check this draw": a revealed period's seed, the link it must hash to, the room's commitment
// and the result, with a button that reruns the published verification in the browser
// (games/fair/verify.ts), and the room's published seed chains on request. Used on the draw
// result pages.
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Notice } from '@/components/notice';
import styles from '@/features/games/fair/draw-fairness.module.css';
import { PublishedChains } from '@/features/games/fair/published-chains';
import {
  drawSourceOf,
  verifyDraw,
  VerifyUnavailableError,
  type DrawVerification,
} from '@/features/games/fair/verify';
import type { DrawFairnessProps } from '@/features/games/parts/fairness-slot';
import { useI18n } from '@/i18n/i18n';

type Check = { input: string; outcome: DrawVerification | 'unavailable' };

export function DrawFairness(props: DrawFairnessProps) {
  const { t } = useI18n();
  const { room, issue, seed, previous, commitment, values } = props;
  const [check, setCheck] = useState<Check | null>(null);
  const [busy, setBusy] = useState(false);
  const [chainsOpen, setChainsOpen] = useState(false);
  const chainsId = useId();
  // A result belongs to the draw it was computed for; new props show the button again.
  const input = JSON.stringify([room, issue, seed, previous, values]);
  const outcome = check?.input === input ? check.outcome : null;
  const firstPeriod = previous.toLowerCase() === commitment.toLowerCase();

  const verify = async () => {
    setBusy(true);
    try {
      setCheck({ input, outcome: await verifyDraw({ room, issue, seed, previous, values }) });
    } catch (error) {
      if (!(error instanceof VerifyUnavailableError)) throw error;
      setCheck({ input, outcome: 'unavailable' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className={`card ${styles.card}`}
      aria-label={t('fair_title')}
      data-testid="draw-fairness"
    >
      <h2 className={styles.title}>{t('fair_title')}</h2>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('fair_seed')}</dt>
          <dd>
            <code className={styles.hex} data-testid="fair-seed">
              {seed}
            </code>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <span className={styles.arrow}>↳ </span>
            {t('fair_hashes_to')} {firstPeriod ? t('fair_previous_first') : t('fair_previous')}
          </dt>
          <dd>
            <code className={styles.hex} data-testid="fair-previous">
              {previous}
            </code>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('fair_commitment')}</dt>
          <dd>
            <code className={styles.hex} data-testid="fair-commitment">
              {commitment}
            </code>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('fair_published')}</dt>
          <dd className={styles.values} data-testid="fair-published">
            <DrawValuesText values={values} />
          </dd>
        </div>
        {outcome !== null && outcome !== 'unavailable' && outcome.derived !== null ? (
          <div className={styles.fact}>
            <dt>{t('fair_derived')}</dt>
            <dd className={styles.values} data-testid="fair-derived">
              <DrawValuesText values={outcome.derived} />
            </dd>
          </div>
        ) : null}
      </dl>

      <Button
        variant="secondary"
        block
        onClick={() => void verify()}
        loading={busy}
        data-testid="verify-draw"
      >
        {t('fair_verify')}
      </Button>
      {outcome === 'unavailable' ? (
        <Notice tone="warn" testId="verify-unavailable">
          {t('fair_unavailable')}
        </Notice>
      ) : outcome === null ? null : (
        <VerifyResult outcome={outcome} />
      )}

      <p className={styles.note}>{t('fair_note')}</p>
      <p className={styles.note}>
        {t('fair_how', { message: `${drawSourceOf(room) ?? room}:${issue}:0` })}
      </p>

      <Button
        variant="secondary"
        block
        aria-expanded={chainsOpen}
        aria-controls={chainsOpen ? chainsId : undefined}
        onClick={() => setChainsOpen((open) => !open)}
        data-testid="fair-chains-toggle"
      >
        {t('fair_chains')}
      </Button>
      {chainsOpen ? (
        <div
          id={chainsId}
          className={styles.chainsSection}
          role="region"
          aria-label={t('fair_chains')}
        >
          <p className={styles.note}>{t('fair_chains_note')}</p>
          <PublishedChains room={room} />
        </div>
      ) : null}
    </section>
  );
}

function VerifyResult({ outcome }: { outcome: DrawVerification }) {
  const { t } = useI18n();
  const verified = outcome.linkHolds && outcome.valuesMatch;
  const checks = [
    { ok: outcome.linkHolds, label: t('fair_check_link') },
    { ok: outcome.valuesMatch, label: t('fair_check_values') },
  ];
  return (
    <div
      className={styles.result}
      role="status"
      data-testid="verify-result"
      data-verified={String(verified)}
    >
      <span className={styles.verdict}>
        {verified ? `✓ ${t('fair_matches')}` : `✗ ${t('fair_mismatch')}`}
      </span>
      <ul className={styles.checks}>
        {checks.map((check) => (
          <li key={check.label} data-ok={check.ok}>
            {check.ok ? '✓' : '✗'} {check.label}:{' '}
            {check.ok ? t('fair_check_ok') : t('fair_check_bad')}
          </li>
        ))}
      </ul>
    </div>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numbersOf = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? value : null;

/** A result as text: dice, ranking or digits in order; yn28 as a + b + c = sum with its keno numbers. */
function DrawValuesText({ values }: { values: unknown }) {
  const { t } = useI18n();
  const result = isRecord(values) ? values.result : undefined;
  const list = numbersOf(result);
  if (list !== null) return <>{list.join(' · ')}</>;
  if (typeof result === 'number') return <>{result}</>;
  if (isRecord(result)) {
    const digits = numbersOf(result.digits) ?? numbersOf([result.a, result.b, result.c]);
    const keno = numbersOf(result.numbers);
    if (digits !== null) {
      return (
        <>
          {digits.join(' + ')} = {digits.reduce((sum, digit) => sum + digit, 0)}
          {keno === null ? null : (
            <span className={styles.keno}>
              {t('fair_keno')}: {keno.join(' ')}
            </span>
          )}
        </>
      );
    }
  }
  return <>{JSON.stringify(values)}</>;
}
