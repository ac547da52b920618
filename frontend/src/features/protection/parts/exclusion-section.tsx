// Taking a break: a time-out (24 hours to 30 days) or a self-exclusion (6 months to 5 years),
// each chosen by length and confirmed with the password (see exclude-dialog).
import { useState } from 'react';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { Section } from '@/components/form';
import { ExcludeDialog } from '@/features/protection/parts/exclude-dialog';
import { durationLabel } from '@/features/protection/parts/labels';
import styles from '@/features/protection/parts/protection.module.css';
import { useI18n } from '@/i18n/i18n';
import type { ExclusionKind } from '@/lib/protection';

type Props = { kind: ExclusionKind; choices: string[]; running: boolean };

export function ExclusionSection({ kind, choices, running }: Props) {
  const { t } = useI18n();
  const [duration, setDuration] = useState(choices[0] ?? '');
  const [asking, setAsking] = useState(false);
  const timeout = kind === 'timeout';
  if (choices.length === 0) return null;

  return (
    <Section title={t(timeout ? 'protection_timeout_title' : 'protection_self_title')}>
      <p className={styles.lead}>
        {t(timeout ? 'protection_timeout_text' : 'protection_self_text')}
      </p>
      {running ? <p className={styles.rule}>{t('protection_extend_note')}</p> : null}
      <Chips
        label={t(timeout ? 'protection_timeout_length' : 'protection_self_length')}
        value={duration}
        onChange={setDuration}
        choices={choices.map((value) => ({ value, label: durationLabel(value, t) }))}
        wrap
      />
      <Button
        variant="danger"
        block
        onClick={() => setAsking(true)}
        data-testid={`${timeout ? 'timeout' : 'exclusion'}-start`}
      >
        {t(timeout ? 'protection_timeout_button' : 'protection_self_button')}
      </Button>
      {asking ? (
        <ExcludeDialog kind={kind} duration={duration} onClose={() => setAsking(false)} />
      ) : null}
    </Section>
  );
}
