// pages/cc/task/job — Tasks: the operator's tasks with live progress, claimed once completed.
import { useState } from 'react';
import { Empty } from '@/components/empty';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { PageHeader } from '@/components/page-header';
import { useClaimTask, useTasks, type Task } from '@/features/growth/tasks/api/tasks';
import { TaskCard } from '@/features/growth/tasks/parts/task-card';
import styles from '@/features/growth/tasks/parts/tasks.module.css';
import { useI18n } from '@/i18n/i18n';
import { randomKey } from '@/lib/idempotency';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';

export function Component() {
  const { t } = useI18n();
  const tasks = useTasks();
  return (
    <main className="page">
      <PageHeader title={t('task_title')} back fallback={ROUTES.home} />
      <div className="page-body">
        <LoadingGate queries={[tasks]} ready={tasks.data !== undefined}>
          {() => <TaskList tasks={tasks.data!.list} />}
        </LoadingGate>
      </div>
    </main>
  );
}

export function TaskList({ tasks }: { tasks: readonly Task[] }) {
  const { t } = useI18n();
  const claim = useClaimTask();
  // One key per task and attempt: a retry after a lost reply is answered with the first one.
  const [keys] = useState(() => new Map<number, string>());
  const keyOf = (id: number) => {
    const existing = keys.get(id);
    if (existing !== undefined) return existing;
    const key = randomKey();
    keys.set(id, key);
    return key;
  };
  const onClaim = (id: number) =>
    claim.mutate(
      { id, key: keyOf(id) },
      {
        onSuccess: (receipt) => {
          keys.delete(id);
          toast(t('task_claimed', { amount: receipt.reward }), 'success');
        },
      },
    );
  return (
    <>
      {tasks.length === 0 ? (
        <Empty title={t('task_empty_title')} text={t('task_empty_text')} />
      ) : (
        <ul className={styles.list} aria-label={t('task_title')}>
          {tasks.map((task) => (
            <TaskCard
              key={task.id}
              task={task}
              claiming={claim.isPending && claim.variables?.id === task.id}
              onClaim={() => onClaim(task.id)}
            />
          ))}
        </ul>
      )}
      <p style={{ color: 'var(--muted)', fontSize: 13 }}>{t('task_daily_note')}</p>
      <LinkButton to={ROUTES.ccTaskSign} variant="secondary">
        {t('signin_title')}
      </LinkButton>
    </>
  );
}
