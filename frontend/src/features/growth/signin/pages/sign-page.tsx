// pages/cc/task/sign — Attendance: sign in once a day, the streak and its rewards, the month.
import { useState } from 'react';
import { Button } from '@/components/button';
import { Section } from '@/components/form';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Money } from '@/components/money';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { Rows } from '@/components/rows';
import { useSignIn, useSigninIndex, type SigninIndex } from '@/features/growth/signin/api/signin';
import { Calendar } from '@/features/growth/signin/parts/calendar';
import styles from '@/features/growth/signin/parts/signin.module.css';
import { useAttemptKey } from '@/hooks/use-attempt-key';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const [month, setMonth] = useState<string | undefined>();
  const index = useSigninIndex(month);
  return (
    <main className="page">
      <PageHeader title={t('signin_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[index]} ready={index.data !== undefined}>
          {() => <SigninView index={index.data!} onMonth={setMonth} />}
        </LoadingGate>
      </div>
    </main>
  );
}

export function SigninView({
  index,
  onMonth,
}: {
  index: SigninIndex;
  onMonth: (month: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Section title={t('signin_title')}>
        <p className={styles.streak} data-testid="signin-streak">
          <span className={styles.streakCount}>{index.streak}</span>
          <span>{t('signin_streak_days', { n: index.streak })}</span>
        </p>
        <Rows
          label={t('signin_title')}
          rows={[
            {
              label: t('signin_today_reward'),
              value: <Money value={index.today_reward} />,
              strong: true,
              testId: 'signin-today-reward',
            },
            {
              label: t('signin_next_reward'),
              value: <Money value={index.next_reward} />,
              testId: 'signin-next-reward',
            },
          ]}
        />
        {index.enabled ? null : <Notice tone="info">{t('signin_off')}</Notice>}
        {index.enabled && index.deposit_needed ? (
          <Notice tone="warn">{t('signin_recharge_note')}</Notice>
        ) : null}
        <SignButton signed={index.signed_today} offered={index.enabled} />
      </Section>
      <Section title={t('signin_calendar')}>
        <Calendar month={index.month} today={index.today} days={index.days} onMonth={onMonth} />
      </Section>
      <Section title={t('signin_rewards')}>
        <ol className={styles.rewards} aria-label={t('signin_rewards')}>
          {index.rewards.map((reward) => {
            const next = reward.day === index.next_day;
            return (
              <li
                key={reward.day}
                className={styles.reward}
                data-next={next}
                aria-current={next ? 'step' : undefined}
                data-testid={next ? 'signin-next-day' : undefined}
              >
                <span className={styles.rewardDay}>{t('signin_day', { n: reward.day })}</span>
                <Money value={reward.reward} />
              </li>
            );
          })}
        </ol>
        <p className={styles.note}>
          {t(index.after_last === 'restart' ? 'signin_after_restart' : 'signin_after_repeat')}
        </p>
        <p className={styles.note}>{t('signin_rule')}</p>
      </Section>
      <LinkButton to={ROUTES.ccTaskJob} variant="secondary">
        {t('task_title')}
      </LinkButton>
    </>
  );
}

function SignButton({ signed, offered }: { signed: boolean; offered: boolean }) {
  const { t } = useI18n();
  const sign = useSignIn();
  const attempt = useAttemptKey();
  const submit = () =>
    sign.mutate(attempt.for('signin'), {
      onSuccess: (receipt) => {
        attempt.done();
        toast(t('signin_done', { amount: receipt.reward }), 'success');
      },
    });
  return (
    <Button block disabled={signed || !offered} loading={sign.isPending} onClick={submit}>
      {signed ? t('signin_signed') : t('signin_button')}
    </Button>
  );
}
