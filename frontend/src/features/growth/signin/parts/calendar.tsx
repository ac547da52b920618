import { Button } from '@/components/button';
import { Money } from '@/components/money';
import type { SignedDay } from '@/features/growth/signin/api/signin';
import {
  dateOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
  weekdayNames,
} from '@/features/growth/signin/parts/month';
import styles from '@/features/growth/signin/parts/signin.module.css';
import { useI18n } from '@/i18n/i18n';
import { languageOf } from '@/i18n/languages';

type Props = {
  month: string;
  today: string;
  days: readonly SignedDay[];
  onMonth: (month: string) => void;
};

/** The month's days, Monday first; signed days carry their reward, today is outlined. */
export function Calendar({ month, today, days, onMonth }: Props) {
  const { t, lang } = useI18n();
  const tag = languageOf(lang).tag;
  const signed = new Map(days.map((day) => [day.date, day]));
  const title = monthTitle(month, tag);
  return (
    <>
      <div className={styles.monthBar}>
        <Button variant="ghost" size="small" onClick={() => onMonth(shiftMonth(month, -1))}>
          {t('signin_prev_month')}
        </Button>
        <h3 className={styles.monthTitle} data-testid="signin-month">
          {title}
        </h3>
        <Button
          variant="ghost"
          size="small"
          disabled={month >= today.slice(0, 7)}
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          {t('signin_next_month')}
        </Button>
      </div>
      <table className={styles.calendar} aria-label={t('signin_calendar')}>
        <thead>
          <tr>
            {weekdayNames(tag).map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, index) => (
            <tr key={index}>
              {week.map((day, column) => {
                if (day === null) return <td key={`blank-${column}`} />;
                const date = dateOf(month, day);
                const signedDay = signed.get(date);
                return (
                  <td key={date}>
                    <div
                      className={styles.day}
                      data-signed={signedDay !== undefined}
                      data-today={date === today}
                      data-testid={signedDay === undefined ? undefined : 'signin-day'}
                      title={
                        signedDay === undefined
                          ? undefined
                          : t('signin_day_streak', { n: signedDay.streak })
                      }
                    >
                      <span>{day}</span>
                      {signedDay === undefined ? null : (
                        <span className={styles.dayReward}>
                          +<Money value={signedDay.reward} />
                        </span>
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
