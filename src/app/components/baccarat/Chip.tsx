import styles from './Baccarat.module.css';

/** Chip colours by rung of the ladder (0 = the cheapest, about ten cents), like a casino's colour code. */
const CHIP_COLORS: readonly { base: string; edge: string; ink: string }[] = [
  { base: '#aab3d6', edge: '#ffffff', ink: '#141a33' },
  { base: '#2f9bea', edge: '#d9efff', ink: '#ffffff' },
  { base: '#e23c5b', edge: '#ffe0e6', ink: '#ffffff' },
  { base: '#1fb873', edge: '#d3ffe9', ink: '#ffffff' },
  { base: '#f2a516', edge: '#fff2d1', ink: '#2a1c00' },
  { base: '#1b1f33', edge: '#ffc94d', ink: '#ffc94d' },
];
const FALLBACK = { base: '#5d6890', edge: '#ffffff', ink: '#ffffff' };

/** One casino chip drawn in SVG: the coloured disc, six edge inserts, and its face. */
export function Chip({ face, rung, value, size = 40 }: { face: string; rung: number; value: number; size?: number }) {
  const color = CHIP_COLORS[rung] ?? FALLBACK;
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
        fontSize={face.length > 4 ? 7.5 : face.length > 3 ? 9 : face.length > 2 ? 10.5 : 12.5}
        fontWeight="800"
        fontFamily="var(--font)"
      >
        {face}
      </text>
    </svg>
  );
}
