import { tokenActionPaths } from '../support/tokenActionPaths';

/** The unlockTokens modal's paths: the token modals' shared spec (tests/support/tokenActionPaths.ts) for this kind. */
export const unlockTokensPaths = tokenActionPaths('unlockTokens');
