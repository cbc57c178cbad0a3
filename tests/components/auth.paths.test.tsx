import { pathSuite } from '../support/pathTesting';
import { authScreenPaths } from './auth.paths';

pathSuite(authScreenPaths);
