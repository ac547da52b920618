import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Money } from '@/components/money';
import type { Task } from '@/features/growth/tasks/api/tasks';
import styles from '@/features/growth/tasks/parts/tasks.module.css';
import { useI18n } from '@/i18n/i18n';
import { toMinor } from '@/lib/money';

/** Progress as a whole percentage of the target, in integers (minor units for amounts). */
function percent(task: Task): number {
  const money = task.kind === 'bet_amount' || task.kind === 'deposit';
  const whole = (text: string) => (money ? toMinor(text) : BigInt(text));
  const target = whole(task.target);
  return target > 0n ? Number((whole(task.progress) * 100n) / target) : 0;
}

export function TaskCard({
  task,
  claiming,
  onClaim,
}: {
  task: Task;
  claiming: boolean;
  onClaim: () => void;
}) {
  const { t } = useI18n();
  const money = task.kind === 'bet_amount' || task.kind === 'deposit';
  const shown = (text: string) => (money ? <Money value={text} /> : text);
  return (
    <li className={`card ${styles.task}`} data-testid={`task-${task.id}`}>
      <div className={styles.head}>
        <h2 className={styles.title}>{task.title}</h2>
        <Badge tone="muted">{task.daily ? t('task_daily') : t('task_once')}</Badge>
      </div>
      {task.description === '' ? null : <p className={styles.description}>{task.description}</p>}
      <meter
        className={styles.bar}
        value={percent(task)}
        min={0}
        max={100}
        aria-label={task.title}
      />
      <div className={styles.foot}>
        <span data-testid="task-progress">
          {shown(task.progress)} / {shown(task.target)}
        </span>
        <span>
          {t('task_reward')} <Money className={styles.reward} value={task.reward} />
        </span>
      </div>
      <div className={styles.foot} style={{ marginTop: 10 }}>
        <Badge tone={task.received ? 'muted' : task.completed ? 'ok' : 'wait'}>
          {task.received
            ? t('task_received')
            : task.completed
              ? t('task_completed')
              : t('task_incomplete')}
        </Badge>
        <Button
          size="small"
          disabled={task.received || !task.completed}
          loading={claiming}
          onClick={onClaim}
        >
          {task.received ? t('task_received') : t('task_claim')}
        </Button>
      </div>
    </li>
  );
}
