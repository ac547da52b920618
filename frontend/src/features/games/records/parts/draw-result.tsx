// A period's draw values as the bet record carries them: dice, ranking, digits or the colour
// number as balls; yn28 as a + b + c = sum with the keno numbers it came from.
import styles from '@/features/games/records/parts/records.module.css';
import { useI18n } from '@/i18n/i18n';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numbersOf = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? value : null;

/** RGB colours: 0 red+violet, 5 green+violet, 1 3 7 9 green, 2 4 6 8 red. */
const rgbTone = (n: number): string =>
  n === 0 ? 'red-violet' : n === 5 ? 'green-violet' : n % 2 === 1 ? 'green' : 'red';

function Balls({ numbers, tone }: { numbers: readonly number[]; tone?: (n: number) => string }) {
  return (
    <span className={styles.balls}>
      {numbers.map((n, index) => (
        <span key={index} className={styles.ball} data-tone={tone?.(n)}>
          {n}
        </span>
      ))}
    </span>
  );
}

export function DrawResult({ values }: { values: unknown }) {
  const { t } = useI18n();
  const game = isRecord(values) ? values.game : undefined;
  const result = isRecord(values) ? values.result : undefined;
  const list = numbersOf(result);
  if (list !== null) {
    const sum = game === 'k3' ? ` = ${list.reduce((total, n) => total + n, 0)}` : '';
    return (
      <div className={styles.draw} data-testid="draw-result">
        <Balls numbers={list} />
        {sum === '' ? null : <span className={styles.sum}>{sum}</span>}
      </div>
    );
  }
  if (typeof result === 'number') {
    return (
      <div className={styles.draw} data-testid="draw-result">
        <Balls numbers={[result]} tone={game === 'rgb' ? rgbTone : undefined} />
      </div>
    );
  }
  if (isRecord(result)) {
    const digits = numbersOf(result.digits) ?? numbersOf([result.a, result.b, result.c]);
    const keno = numbersOf(result.numbers);
    if (digits !== null) {
      return (
        <div className={styles.draw} data-testid="draw-result">
          <span className={styles.sum}>
            {digits.join(' + ')} = {digits.reduce((total, n) => total + n, 0)}
          </span>
          {keno === null ? null : (
            <span className={styles.keno}>
              {t('games_keno')}: {keno.join(' ')}
            </span>
          )}
        </div>
      );
    }
  }
  return (
    <div className={styles.draw} data-testid="draw-result">
      {JSON.stringify(values)}
    </div>
  );
}
