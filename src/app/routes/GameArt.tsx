/** Cover art for the game cards, drawn in SVG so it stays crisp and weighs nothing. */

export type GameArtName = 'dice' | 'mines' | 'blackjack' | 'baccarat' | 'plinko' | 'roulette';

export function GameArt({ game }: { game: GameArtName }) {
  return (
    <svg viewBox="0 0 200 140" role="presentation" aria-hidden="true" focusable="false">
      {art[game]}
    </svg>
  );
}

const art: Record<GameArtName, React.ReactNode> = {
  dice: (
    <g>
      <rect x="38" y="34" width="62" height="62" rx="14" fill="#f5f6ff" transform="rotate(-14 69 65)" />
      <g fill="#0a0f1e" transform="rotate(-14 69 65)">
        <circle cx="54" cy="50" r="6" />
        <circle cx="69" cy="65" r="6" />
        <circle cx="84" cy="80" r="6" />
      </g>
      <rect x="96" y="46" width="62" height="62" rx="14" fill="#7b6cff" transform="rotate(12 127 77)" />
      <g fill="#fff" transform="rotate(12 127 77)">
        <circle cx="112" cy="62" r="6" />
        <circle cx="142" cy="62" r="6" />
        <circle cx="112" cy="92" r="6" />
        <circle cx="142" cy="92" r="6" />
      </g>
    </g>
  ),
  mines: (
    <g>
      <path d="M70 30 102 58 70 112 38 58Z" fill="#22d67f" />
      <path d="M38 58h64L70 30Z" fill="#6ef0b0" />
      <path d="M70 112 56 58h28Z" fill="#14a862" />
      <circle cx="136" cy="80" r="30" fill="#1b1f33" stroke="#ff4f6d" strokeWidth="4" />
      <path d="M136 50v-12M160 56l8-8M166 80h12" stroke="#ffc94d" strokeWidth="5" strokeLinecap="round" />
      <circle cx="126" cy="70" r="7" fill="#3a4266" />
    </g>
  ),
  blackjack: (
    <g>
      <rect x="46" y="26" width="62" height="88" rx="9" fill="#f7f7fb" transform="rotate(-12 77 70)" />
      <text x="56" y="54" fontSize="22" fontWeight="800" fill="#0a0f1e" transform="rotate(-12 77 70)">A</text>
      <path d="M77 62c-9 8-15 13-15 20a8 8 0 0 0 13 6 8 8 0 0 0 13-6c0-7-6-12-11-20Z" fill="#0a0f1e" transform="rotate(-12 77 70)" />
      <rect x="96" y="30" width="62" height="88" rx="9" fill="#f7f7fb" transform="rotate(10 127 74)" />
      <text x="106" y="58" fontSize="22" fontWeight="800" fill="#ff4f6d" transform="rotate(10 127 74)">K</text>
      <path d="M127 68c-5-7-16-6-16 3 0 8 16 18 16 18s16-10 16-18c0-9-11-10-16-3Z" fill="#ff4f6d" transform="rotate(10 127 74)" />
    </g>
  ),
  baccarat: (
    <g>
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${58 + i * 28} ${92 - i * 16})`}>
          <ellipse cx="0" cy="6" rx="34" ry="12" fill="#0d1226" />
          <ellipse cx="0" cy="0" rx="34" ry="12" fill={['#ff4f6d', '#7b6cff', '#ffc94d'][i]} />
          <ellipse cx="0" cy="0" rx="20" ry="7" fill="none" stroke="#fff" strokeWidth="3" strokeDasharray="6 5" />
        </g>
      ))}
    </g>
  ),
  plinko: (
    <g fill="#8e99c2">
      {Array.from({ length: 5 }).flatMap((_, row) =>
        Array.from({ length: row + 3 }).map((__, col) => (
          <circle key={`${row}-${col}`} cx={100 - (row + 2) * 11 + col * 22} cy={28 + row * 20} r="3.5" />
        )),
      )}
      <circle cx="111" cy="46" r="7" fill="#ffc94d" />
    </g>
  ),
  roulette: (
    <g>
      <circle cx="100" cy="70" r="48" fill="#1b1f33" stroke="#ffc94d" strokeWidth="4" />
      {Array.from({ length: 12 }).map((_, i) => (
        <path
          key={i}
          d="M100 70 L100 26 A44 44 0 0 1 122 32 Z"
          fill={i % 2 ? '#ff4f6d' : '#0a0f1e'}
          transform={`rotate(${i * 30} 100 70)`}
        />
      ))}
      <circle cx="100" cy="70" r="16" fill="#ffc94d" />
    </g>
  ),
};
