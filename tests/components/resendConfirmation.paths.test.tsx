import { pathSuite } from '../support/pathTesting';
import { resendConfirmationScreenPaths } from './resendConfirmation.paths';

pathSuite(resendConfirmationScreenPaths);
