import type { ComponentType } from 'react';
import type { LinkProps } from '../ui/Link';
import { CardsIcon, ChipIcon, DiceIcon, EarnIcon, HomeIcon, MinesIcon, MiningIcon, StakingIcon, TokenIcon } from '../ui/icons';

export interface NavItem {
  to: LinkProps['to'];
  label: string;
  icon: ComponentType<{ size?: number }>;
}

/** Sidebar menu of docs/product.md §2, in its order. */
export const sidebarLinks: NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/dice', label: 'Dice', icon: DiceIcon },
  { to: '/mines', label: 'Mines', icon: MinesIcon },
  { to: '/blackjack', label: 'Blackjack', icon: CardsIcon },
  { to: '/baccarat', label: 'Baccarat', icon: ChipIcon },
  { to: '/token', label: 'Token', icon: TokenIcon },
  { to: '/earn', label: 'Earn', icon: EarnIcon },
  { to: '/staking', label: 'Staking', icon: StakingIcon },
  { to: '/mining', label: 'Mining', icon: MiningIcon },
];
