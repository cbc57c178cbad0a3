import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** What every icon's <svg> carries (the games' ShieldIcon.tsx too). */
export function base({ size = 20, ...rest }: IconProps) {
  return {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
    ...rest,
  };
}

/**
 * An icon of the page's sprite (sprite.svg, which the build puts at the start of index.html's body): the
 * drawing is markup the HTML parser reads, not script; the <svg> around it sets the size, the stroke
 * and the colour, which the symbol inherits through <use>.
 */
const spriteIcon = (name: string) =>
  function SpriteIcon(p: IconProps) {
    return (
      <svg {...base(p)}>
        <use href={`#icon-${name}`} />
      </svg>
    );
  };

export const MenuIcon = spriteIcon('menu');
export const CloseIcon = spriteIcon('close');
export const HomeIcon = spriteIcon('home');
export const DiceIcon = spriteIcon('dice');
export const MinesIcon = spriteIcon('mines');
export const CardsIcon = spriteIcon('cards');
export const ChipIcon = spriteIcon('chip');
export const TokenIcon = spriteIcon('token');
export const EarnIcon = spriteIcon('earn');
export const StakingIcon = spriteIcon('staking');
export const MiningIcon = spriteIcon('mining');
export const MegaphoneIcon = spriteIcon('megaphone');

export function Logo({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a593ff" />
          <stop offset="1" stopColor="#4f8cff" />
        </linearGradient>
      </defs>
      <path d="M32 4 58 32 32 60 6 32Z" fill="url(#logo-g)" />
      <path d="M32 19 45 32 32 45 19 32Z" fill="#0a0f1e" />
      <path d="M32 26 38 32 32 38 26 32Z" fill="#22d67f" />
    </svg>
  );
}
