import { pathSuite } from '../support/pathTesting';
import { minesScreenPaths } from './mines.screenPaths';

pathSuite(minesScreenPaths);
