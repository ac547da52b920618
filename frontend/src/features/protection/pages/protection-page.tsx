// pages/mine/protection — Responsible play: deposit and loss limits, the reality-check interval,
// a time-out or self-exclusion, and the one that runs. `?blocked=1`: the guard sent an excluded
// player here from a closed page.
import { useSearchParams } from 'react-router';
import { Chips } from '@/components/chips';
import { Section } from '@/components/form';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { useSetRealityCheck } from '@/features/protection/api/set-reality-check';
import { ExclusionSection } from '@/features/protection/parts/exclusion-section';
import { LimitSection } from '@/features/protection/parts/limit-section';
import styles from '@/features/protection/parts/protection.module.css';
import { useProtection } from '@/hooks/use-protection';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { exclusionRuns, type ProtectionState } from '@/lib/protection';
import { ROUTES } from '@/lib/routes';
import { formatDateTime, serverNow } from '@/lib/time';

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const state = useProtection();
  return (
    <main className="page">
      <PageHeader title={t('protection_title')} back fallback={ROUTES.mine} />
      <div className="page-body">
        {params.get('blocked') === '1' ? (
          <Notice tone="warn" testId="protection-blocked">
            {t('protection_blocked')}
          </Notice>
        ) : null}
        <LoadingGate queries={[state]} ready={state.data !== undefined}>
          {() => <ProtectionView state={state.data!} />}
        </LoadingGate>
      </div>
    </main>
  );
}

export function ProtectionView({ state }: { state: ProtectionState }) {
  const { t } = useI18n();
  const exclusion = exclusionRuns(state.exclusion, serverNow()) ? state.exclusion : null;
  return (
    <>
      {exclusion === null ? (
        <p className={styles.lead}>{t('protection_intro')}</p>
      ) : (
        <Notice
          tone="danger"
          title={t(
            exclusion.kind === 'timeout'
              ? 'protection_exclusion_timeout_title'
              : 'protection_exclusion_self_title',
          )}
          testId="protection-exclusion"
        >
          {t('protection_exclusion_until', { until: formatDateTime(exclusion.until) })}
        </Notice>
      )}
      <LimitSection kind="deposit" state={state} />
      <LimitSection kind="loss" state={state} />
      <RealityCheckSection state={state} />
      <ExclusionSection
        kind="timeout"
        choices={state.timeout_choices}
        running={exclusion !== null}
      />
      <ExclusionSection
        kind="self_exclusion"
        choices={state.exclusion_choices}
        running={exclusion !== null}
      />
    </>
  );
}

function RealityCheckSection({ state }: { state: ProtectionState }) {
  const { t } = useI18n();
  const save = useSetRealityCheck();
  const choices = state.reality_check_choices.includes(state.reality_check_mins)
    ? state.reality_check_choices
    : [...state.reality_check_choices, state.reality_check_mins].sort((a, b) => a - b);
  return (
    <Section title={t('protection_reality_title')}>
      <p className={styles.lead}>{t('protection_reality_text')}</p>
      <Chips
        wrap
        label={t('protection_reality_label')}
        value={String(state.reality_check_mins)}
        onChange={(value) =>
          save.mutate(Number(value), {
            onSuccess: () => toast(t('protection_reality_saved'), 'success'),
          })
        }
        choices={choices.map((mins) => ({
          value: String(mins),
          label:
            mins === 0 ? t('protection_reality_off') : t('protection_reality_mins', { n: mins }),
        }))}
      />
    </Section>
  );
}
