import { pathSuite } from '../support/pathTesting';
import { passwordFormScreenPaths } from './passwordForm.paths';

pathSuite(passwordFormScreenPaths);
