import { pathSuite } from '../support/pathTesting';
import { confirmEmailScreenPaths } from './confirmEmail.paths';

pathSuite(confirmEmailScreenPaths);
