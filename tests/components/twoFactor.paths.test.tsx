import { pathSuite } from '../support/pathTesting';
import { twoFactorScreenPaths } from './twoFactor.paths';

pathSuite(twoFactorScreenPaths);
