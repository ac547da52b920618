// Every option of the room, grouped (K3 sums, big/small/odd/even, triples, ...; PK10 per place;
// SSC per ball, total, dragon/tiger/tie, patterns; RGB colours, numbers, big/small), with odds.
import { memo } from 'react';
import { coloursOf, type Game } from '@/features/games/quick/games';
import type { BoardGroup, BoardItem } from '@/features/games/quick/options';
import styles from '@/features/games/quick/parts/cc.module.css';
import { say } from '@/features/games/parts/text';
import { useI18n, type Translate } from '@/i18n/i18n';

type Props = {
  game: Game;
  groups: readonly BoardGroup[];
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
};

export const OptionBoard = memo(function OptionBoard({ game, groups, selected, onToggle }: Props) {
  const { t } = useI18n();
  return (
    <section className={styles.board} aria-label={t('games_board')}>
      {groups.length > 4 ? (
        <nav className={styles.jump} aria-label={t('cc_jump')}>
          {groups.map((group) => (
            <button key={group.id} type="button" onClick={() => jumpTo(group.id)}>
              {say(group.title, t)}
            </button>
          ))}
        </nav>
      ) : null}
      {groups.map((group) => (
        <div
          key={group.id}
          id={`cc-group-${group.id}`}
          className={styles.group}
          role="group"
          aria-labelledby={`cc-group-title-${group.id}`}
        >
          <h3 id={`cc-group-title-${group.id}`} className={styles.groupTitle}>
            {say(group.title, t)}
          </h3>
          <div
            className={styles.options}
            style={{ gridTemplateColumns: `repeat(${group.columns}, minmax(0, 1fr))` }}
          >
            {group.items.map((item) => (
              <OptionButton
                key={item.code}
                game={game}
                item={item}
                pressed={selected.has(item.code)}
                onToggle={onToggle}
                t={t}
              />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
});

/** In-page jump (a link would change the hash route). */
function jumpTo(id: string) {
  document.getElementById(`cc-group-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function colours(game: Game, item: BoardItem): string | undefined {
  if (game !== 'rgb' || item.parsed === null) return undefined;
  if (item.parsed.kind === 'colour') return item.parsed.colour;
  if (item.parsed.kind === 'number') return coloursOf(item.parsed.n).join(' ');
  return undefined;
}

type ButtonProps = {
  game: Game;
  item: BoardItem;
  pressed: boolean;
  onToggle: (code: string) => void;
  t: Translate;
};

function OptionButton({ game, item, pressed, onToggle, t }: ButtonProps) {
  const [label, short, odds] = [say(item.label, t), say(item.short, t), `×${item.option.odds}`];
  // The visible text starts the name (WCAG 2.5.3, label in name); the full label follows.
  const name = short === label ? `${label} ${odds}` : `${short} ${odds}, ${label}`;
  return (
    <button
      type="button"
      className={styles.option}
      data-testid={`option-${item.code}`}
      data-colours={colours(game, item)}
      aria-pressed={pressed}
      aria-label={name}
      title={item.code}
      onClick={() => onToggle(item.code)}
    >
      <span className={styles.optionName}>{short}</span>
      <span className={styles.optionOdds}>{odds}</span>
    </button>
  );
}
