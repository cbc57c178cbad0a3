import { tokenActionTests } from '../support/tokenActionTests';
import { pathSuite } from '../support/pathTesting';
import { addLiquidityPaths } from './addLiquidity.paths';

tokenActionTests('addLiquidity');

pathSuite(addLiquidityPaths);
