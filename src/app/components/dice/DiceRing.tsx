import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { RingTone } from '../../../../machines/dice/selectors';
import type { DiceTarget } from '../../../core/games/dice';
import { SLIDER_MAX_CHANCE, SLIDER_MIN_CHANCE } from '../../../core/games/dice';
import { useRingPointer } from '../../adapters/screenHooks';
import styles from './Dice.module.css';

interface DiceRingProps {
  chance: number;
  target: DiceTarget;
  tone: RingTone;
  /** The roll on screen ("05.20"), null before a bet or after the odds changed. */
  resultText: string | null;
  roll: number | null;
  multiplier: number;
  busy: boolean;
  onSlide: (chance: number) => void;
}

const SIZE = 240;
const C = SIZE / 2;
const R = 96;
const STROKE = 18;
const TICKS = [0, 25, 50, 75];

/** A point on the ring at `position` (0..100 clockwise from 12 o'clock), at distance `radius` from the centre. */
function at(position: number, radius = R): { x: number; y: number } {
  const angle = (position / 100) * 2 * Math.PI;
  return { x: C + radius * Math.sin(angle), y: C - radius * Math.cos(angle) };
}

const fixed2 = (n: number) => n.toFixed(2);

/**
 * The dice ring (docs/product.md §2): 0 to 100 around the circle, the winning zone drawn in the accent colour
 * (green after a win, red after a loss), the win-chance slider's handle on the zone's edge, and the
 * roll in the middle. It renders what it is given and reports slides; the machine clamps (2..98).
 */
export function DiceRing({ chance, target, tone, resultText, roll, multiplier, busy, onSlide }: DiceRingProps) {
  const svg = useRef<SVGSVGElement>(null);
  // Under wins on [0, chance), over on (100 − chance, 100]: the handle sits on the zone's inner edge.
  const edge = target === 'under' ? chance : 100 - chance;
  const zoneStart = target === 'under' ? 0 : 100 - chance;
  const toChance = (position: number) => (target === 'under' ? position : 100 - position);
  useRingPointer(svg, (position) => onSlide(Math.round(toChance(position) * 100) / 100));

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    // Arrows move the handle along the ring; the chance moves the way the zone grows.
    const along = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
    let next: number | null = null;
    if (along !== undefined) next = chance + along;
    if (event.key === 'Home') next = SLIDER_MIN_CHANCE;
    if (event.key === 'End') next = SLIDER_MAX_CHANCE;
    if (next === null) return;
    event.preventDefault();
    onSlide(Math.round(next));
  };

  const handle = at(edge);
  const marker = roll === null ? null : at(roll, R);
  return (
    <div className={styles.ring} data-tone={tone} data-busy={busy ? 'true' : undefined}>
      <svg ref={svg} viewBox={`0 0 ${SIZE} ${SIZE}`} className={styles.ringSvg} aria-hidden={false}>
        <defs>
          <filter id="dice-glow" x="-50%" y="-50%" width="200%" height="200%">
            <feGaussianBlur stdDeviation="4" />
          </filter>
        </defs>
        <circle cx={C} cy={C} r={R + STROKE / 2 + 10} className={styles.ringBezel} />
        <circle cx={C} cy={C} r={R} className={styles.ringTrack} strokeWidth={STROKE} />
        <circle
          cx={C}
          cy={C}
          r={R}
          pathLength={100}
          className={styles.ringGlow}
          strokeWidth={STROKE}
          strokeDasharray={`${chance} ${100 - chance}`}
          strokeDashoffset={-zoneStart}
          transform={`rotate(-90 ${C} ${C})`}
          filter="url(#dice-glow)"
        />
        <circle
          cx={C}
          cy={C}
          r={R}
          pathLength={100}
          className={styles.ringZone}
          strokeWidth={STROKE}
          strokeDasharray={`${chance} ${100 - chance}`}
          strokeDashoffset={-zoneStart}
          transform={`rotate(-90 ${C} ${C})`}
        />
        {TICKS.map((tick) => {
          const p = at(tick, R - STROKE - 6);
          return (
            <text key={tick} x={p.x} y={p.y} className={styles.tick} textAnchor="middle" dominantBaseline="central">
              {tick}
            </text>
          );
        })}
        {marker ? (
          <g className={styles.marker} key={`${roll}`}>
            <circle cx={marker.x} cy={marker.y} r={7} />
          </g>
        ) : null}
        <g
          role="slider"
          tabIndex={0}
          aria-label="Win chance slider"
          aria-valuemin={SLIDER_MIN_CHANCE}
          aria-valuemax={SLIDER_MAX_CHANCE}
          aria-valuenow={chance}
          aria-valuetext={`${fixed2(chance)}% win chance`}
          className={styles.handle}
          onKeyDown={onKeyDown}
        >
          <circle cx={handle.x} cy={handle.y} r={15} className={styles.handleHalo} />
          <circle cx={handle.x} cy={handle.y} r={11} className={styles.handleKnob} />
          <circle cx={handle.x} cy={handle.y} r={4} className={styles.handleDot} />
        </g>
      </svg>
      <div className={styles.ringCenter} aria-live="polite">
        {resultText ? (
          <>
            <output className={styles.roll} data-testid="dice-roll" data-outcome={tone} key={resultText + tone}>
              {resultText}
            </output>
            <span className={styles.rollCaption}>{tone === 'win' ? `You won ${multiplier}×` : 'No luck this time'}</span>
          </>
        ) : (
          <>
            <span className={styles.idleValue}>{fixed2(chance)}%</span>
            <span className={styles.rollCaption}>
              Roll {target} {fixed2(target === 'under' ? chance : 100 - chance)}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
