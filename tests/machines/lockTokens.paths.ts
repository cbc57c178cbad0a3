import { tokenActionPaths } from '../support/tokenActionPaths';

/** The lockTokens modal's paths: the token modals' shared spec (tests/support/tokenActionPaths.ts) for this kind. */
export const lockTokensPaths = tokenActionPaths('lockTokens');
