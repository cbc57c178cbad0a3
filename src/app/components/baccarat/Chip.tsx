import { chipLabel } from '../../../../machines/baccarat/selectors';
import styles from './Baccarat.module.css';

/** Chip colours by face value (base units 1 … 100M), from cheap to dear. */
const CHIP_COLORS: Record<number, { base: string; edge: string; ink: string }> = {
  1: { base: '#aab3d6', edge: '#ffffff', ink: '#141a33' },
  10: { base: '#2f9bea', edge: '#d9efff', ink: '#ffffff' },
  100: { base: '#1fb873', edge: '#d3ffe9', ink: '#ffffff' },
  1_000: { base: '#e23c5b', edge: '#ffe0e6', ink: '#ffffff' },
  10_000: { base: '#6c5cf2', edge: '#e6e2ff', ink: '#ffffff' },
  100_000: { base: '#f2a516', edge: '#fff2d1', ink: '#2a1c00' },
  1_000_000: { base: '#f06a2a', edge: '#ffe3d4', ink: '#ffffff' },
  10_000_000: { base: '#c83fb4', edge: '#ffd9f7', ink: '#ffffff' },
  100_000_000: { base: '#1b1f33', edge: '#ffc94d', ink: '#ffc94d' },
};
const FALLBACK = { base: '#5d6890', edge: '#ffffff', ink: '#ffffff' };

/** One casino chip drawn in SVG: the coloured disc, six edge inserts, and its face value. */
export function Chip({ value, size = 40 }: { value: number; size?: number }) {
  const color = CHIP_COLORS[value] ?? FALLBACK;
  const label = chipLabel(value);
  return (
    <svg className={styles.chipSvg} width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-chip={value}>
      <circle cx="20" cy="20" r="19" fill={color.base} />
      <circle
        cx="20"
        cy="20"
        r="16.5"
        fill="none"
        stroke={color.edge}
        strokeWidth="5"
        strokeDasharray="6.48 10.8"
        transform="rotate(-16 20 20)"
      />
      <circle cx="20" cy="20" r="12" fill={color.base} stroke={color.edge} strokeOpacity="0.55" strokeWidth="1" strokeDasharray="2 2" />
      <text
        x="20"
        y="20"
        textAnchor="middle"
        dominantBaseline="central"
        fill={color.ink}
        fontSize={label.length > 3 ? 8.5 : label.length > 2 ? 10 : 12}
        fontWeight="800"
        fontFamily="var(--font)"
      >
        {label}
      </text>
    </svg>
  );
}
