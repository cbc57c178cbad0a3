
import { BaccaratPage } from './games/BaccaratPage';
import { BlackjackPage } from './games/BlackjackPage';
import { DicePage } from './games/DicePage';
import { MinesPage } from './games/MinesPage';
import { EarnPage } from './token/EarnPage';
import { MiningPage } from './token/MiningPage';
import { StakingPage } from './token/StakingPage';
import { TokenPage } from './token/TokenPage';

/** The screen of each route of SPEC §2 beside home and the account pages. */
export const pages: Record<string, () => React.JSX.Element> = {
  '/dice': DicePage,
  '/mines': MinesPage,
  '/blackjack': BlackjackPage,
  '/baccarat': BaccaratPage,
  '/token': TokenPage,
  '/mining': MiningPage,
  '/earn': EarnPage,
  '/staking': StakingPage,
};
