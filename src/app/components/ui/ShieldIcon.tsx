import { base } from './icons';
import type { IconProps } from './icons';

/** The games' Fairness button icon: a module of its own, so it loads with the games, not with the first page. */
export const ShieldIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M12 3.5 19 6v5.5c0 4.3-3 7.6-7 9-4-1.4-7-4.7-7-9V6Z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </svg>
);
