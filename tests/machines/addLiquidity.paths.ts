import { tokenActionPaths } from '../support/tokenActionPaths';

/** The addLiquidity modal's paths: the token modals' shared spec (tests/support/tokenActionPaths.ts) for this kind. */
export const addLiquidityPaths = tokenActionPaths('addLiquidity');
