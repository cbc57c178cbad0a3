import { pathSuite } from '../support/pathTesting';
import { blackjackScreenPaths } from './blackjack.screenPaths';

pathSuite(blackjackScreenPaths);
