import { pathSuite } from '../support/pathTesting';
import { baccaratScreenPaths } from './baccarat.screenPaths';

pathSuite(baccaratScreenPaths);
