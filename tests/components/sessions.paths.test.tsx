import { pathSuite } from '../support/pathTesting';
import { sessionsScreenPaths } from './sessions.paths';

pathSuite(sessionsScreenPaths);
