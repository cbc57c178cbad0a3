import { useId } from 'react';

/** Our own gem: a brilliant-cut stone in emerald greens, drawn with flat facets and one sparkle. */
export function GemArt({ size = 56 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-crown`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#b9ffd9" />
          <stop offset="1" stopColor="#3ff29a" />
        </linearGradient>
        <linearGradient id={`${id}-pavilion`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1fd67b" />
          <stop offset="1" stopColor="#0a8a4c" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#3dffa0" stopOpacity="0.45" />
          <stop offset="1" stopColor="#3dffa0" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="32" cy="34" r="30" fill={`url(#${id}-glow)`} />
      {/* Crown (table and upper facets) */}
      <path d="M18 12 H46 L58 26 H6 Z" fill={`url(#${id}-crown)`} />
      <path d="M18 12 L24 26 H6 Z" fill="#7dffc0" />
      <path d="M46 12 L40 26 H58 Z" fill="#2ee08a" />
      <path d="M24 26 L32 12 L40 26 Z" fill="#d8ffe9" />
      {/* Pavilion (lower facets to the point) */}
      <path d="M6 26 H58 L32 58 Z" fill={`url(#${id}-pavilion)`} />
      <path d="M6 26 H24 L32 58 Z" fill="#27e888" />
      <path d="M40 26 H58 L32 58 Z" fill="#0b7a44" />
      <path d="M24 26 H40 L32 58 Z" fill="#14b866" />
      <path d="M18 12 H46 L58 26 L32 58 L6 26 Z" fill="none" stroke="#e9fff3" strokeOpacity="0.55" strokeWidth="1.2" strokeLinejoin="round" />
      {/* Sparkle */}
      <path d="M14 6 L15.4 9.6 L19 11 L15.4 12.4 L14 16 L12.6 12.4 L9 11 L12.6 9.6 Z" fill="#ffffff" />
    </svg>
  );
}

/** Our own mine: a dark sea mine with studs and a red core, glowing when it went off. */
export function MineArt({ size = 56 }: { size?: number }) {
  const id = useId();
  const studs = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-shell`} cx="0.38" cy="0.34" r="0.7">
          <stop offset="0" stopColor="#ff8a9c" />
          <stop offset="0.35" stopColor="#ff3d5e" />
          <stop offset="1" stopColor="#8a0f27" />
        </radialGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ff4f6d" stopOpacity="0.5" />
          <stop offset="1" stopColor="#ff4f6d" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="32" cy="32" r="31" fill={`url(#${id}-glow)`} />
      {studs.map((angle) => (
        <rect
          key={angle}
          x="29"
          y="6"
          width="6"
          height="12"
          rx="2.5"
          fill="#5c0a1b"
          stroke="#ff6b84"
          strokeWidth="1"
          transform={`rotate(${angle} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="17" fill={`url(#${id}-shell)`} stroke="#5c0a1b" strokeWidth="2" />
      <circle cx="32" cy="32" r="6" fill="#3b0511" opacity="0.55" />
      <ellipse cx="26" cy="25" rx="5" ry="3.2" fill="#ffffff" opacity="0.75" transform="rotate(-35 26 25)" />
    </svg>
  );
}
