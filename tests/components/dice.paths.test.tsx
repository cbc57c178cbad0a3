import { pathSuite } from '../support/pathTesting';
import { diceScreenPaths } from './dice.screenPaths';

pathSuite(diceScreenPaths);
