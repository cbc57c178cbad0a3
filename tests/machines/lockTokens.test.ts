import { tokenActionTests } from '../support/tokenActionTests';
import { pathSuite } from '../support/pathTesting';
import { lockTokensPaths } from './lockTokens.paths';

tokenActionTests('lockTokens');

pathSuite(lockTokensPaths);
