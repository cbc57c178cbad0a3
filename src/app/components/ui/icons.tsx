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

export const MenuIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CloseIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
export const HomeIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v9.5h13V10" />
  </svg>
);
export const DiceIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <rect x="4" y="4" width="16" height="16" rx="3.5" />
    <circle cx="8.5" cy="8.5" r="1.1" fill="currentColor" />
    <circle cx="15.5" cy="15.5" r="1.1" fill="currentColor" />
    <circle cx="12" cy="12" r="1.1" fill="currentColor" />
  </svg>
);
export const MinesIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M12 3 19 9.5 12 21 5 9.5Z" />
    <path d="M5 9.5h14M9.5 9.5 12 21l2.5-11.5M9.5 9.5 12 3l2.5 6.5" />
  </svg>
);
export const CardsIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <rect x="3.5" y="6" width="11" height="15" rx="2" transform="rotate(-10 9 13.5)" />
    <rect x="9.5" y="4" width="11" height="15" rx="2" />
    <path d="M15 9.5c-1.2 1-2 1.8-2 2.7a1.3 1.3 0 0 0 2 1 1.3 1.3 0 0 0 2-1c0-.9-.8-1.7-2-2.7Z" fill="currentColor" stroke="none" />
  </svg>
);
export const ChipIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" />
    <path d="M12 3.5v3M12 17.5v3M3.5 12h3M17.5 12h3" />
  </svg>
);
export const TokenIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5 15.5 12 12 16.5 8.5 12Z" />
  </svg>
);
export const EarnIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 18 9.5 12.5l3.5 3.5L20 9" />
    <path d="M15 9h5v5" />
  </svg>
);
export const StakingIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
    <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
  </svg>
);
export const MiningIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M14.5 5.5c2.7.4 4.8 2.3 5.5 4.5-2.6-1.3-5.2-1.7-7.5-1.2" />
    <path d="M14.5 5.5C12 5 9 5.8 7 7.5c2.6-.2 4.7.4 5.5 1.3" />
    <path d="m12.5 8.8-8.5 10.7" />
  </svg>
);
export const UserIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20c1.3-3.6 4.1-5.3 7.5-5.3s6.2 1.7 7.5 5.3" />
  </svg>
);
export const MegaphoneIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 10v4h3l6 4V6L7 10Z" />
    <path d="M16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" />
  </svg>
);
export const LockIcon = StakingIcon;

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
