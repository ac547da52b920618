// A result drawn as the game's objects: dice (K3), ranked cars (PK10), five balls (SSC), a
// coloured number (RGB). `revealing` plays the 2 s reveal (CSS only; the final values are in the
// DOM from the start, so screen readers and reduced-motion users get them at once).
import type { CSSProperties } from 'react';
import { coloursOf, type Game } from '@/features/games/quick/games';
import styles from '@/features/games/quick/parts/draw.module.css';

/** Length of the reveal animation (spec: number reveal 2 s); the CSS fits inside it. */
export const REVEAL_MS = 2000;

type Props = {
  game: Game;
  values: readonly number[];
  revealing?: boolean;
  size?: 'large' | 'small';
  label: string;
};

export function DrawView({ game, values, revealing = false, size = 'large', label }: Props) {
  return (
    <div
      className={styles.draw}
      data-game={game}
      data-size={size}
      data-revealing={revealing}
      role="img"
      aria-label={label}
    >
      {game === 'k3'
        ? values.map((face, index) => <Die key={index} face={face} index={index} />)
        : null}
      {game === 'pk10'
        ? values.map((car, index) => <Car key={index} car={car} index={index} />)
        : null}
      {game === 'ssc'
        ? values.map((digit, index) => (
            <Ball key={index} digit={digit} index={index} revealing={revealing} />
          ))
        : null}
      {game === 'rgb' ? <Colour number={values[0] ?? 0} revealing={revealing} /> : null}
    </div>
  );
}

/** Pip cells (of a 3 x 3 grid) lit for each face. */
const PIPS: Record<number, readonly number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};
const CELLS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

const delay = (index: number, step: number): CSSProperties =>
  ({ animationDelay: `${index * step}ms` }) as CSSProperties;

function Die({ face, index }: { face: number; index: number }) {
  const lit = PIPS[face] ?? [];
  return (
    <span className={styles.die} style={delay(index, 120)} data-face={face}>
      {CELLS.map((cell) => (
        <span key={cell} className={styles.pip} data-on={lit.includes(cell)} />
      ))}
    </span>
  );
}

function Car({ car, index }: { car: number; index: number }) {
  return (
    <span className={styles.car} style={delay(index, 110)} data-car={car}>
      {car}
    </span>
  );
}

const STRIP = Array.from({ length: 20 }, (_, index) => index % 10);

/** A digit that rolls down a strip of 0..9 twice and stops on `digit`. */
function Reel({ digit, index, revealing }: { digit: number; index: number; revealing: boolean }) {
  if (!revealing) return <>{digit}</>;
  return (
    <span className={styles.reel} aria-hidden="true">
      <span
        className={styles.strip}
        style={{ ...delay(index, 150), '--stop': 10 + digit } as CSSProperties}
      >
        {[...STRIP, digit].map((value, position) => (
          <span key={position}>{value}</span>
        ))}
      </span>
    </span>
  );
}

function Ball({ digit, index, revealing }: { digit: number; index: number; revealing: boolean }) {
  return (
    <span className={styles.ball} data-digit={digit}>
      <Reel digit={digit} index={index} revealing={revealing} />
    </span>
  );
}

function Colour({ number, revealing }: { number: number; revealing: boolean }) {
  return (
    <span className={styles.colour} data-colours={coloursOf(number).join(' ')}>
      <Reel digit={number} index={0} revealing={revealing} />
    </span>
  );
}
