import { tokenActionPaths } from '../support/tokenActionPaths';

/** The removeLiquidity modal's paths: the token modals' shared spec (tests/support/tokenActionPaths.ts) for this kind. */
export const removeLiquidityPaths = tokenActionPaths('removeLiquidity');
