import { describe, expect, it } from 'vitest';
import { checkAmount, wireAmount } from '../../machines/tokenAction/machine';
import { tokenActionTests } from '../support/tokenActionTests';
import { pathSuite } from '../support/pathTesting';
import { removeLiquidityPaths } from './removeLiquidity.paths';

tokenActionTests('removeLiquidity');

describe('token amounts', () => {
  it('should take "all" only for RemoveLiquidity, and send canonical text otherwise', () => {
    expect(checkAmount('removeLiquidity', { amount: 'All', currency: 'BTC' }, 0.1)).toBeNull();
    expect(checkAmount('removeLiquidity', { amount: ' all ', currency: 'BTC' }, 0.1)).toBeNull();
    expect(checkAmount('removeLiquidity', { amount: 'all', currency: 'BTC' }, 0)).toBe('You have no position in this pool');
    expect(checkAmount('lockTokens', { amount: 'all', currency: 'ACC' }, 1)).toBe('Amount must be a number');
    expect(checkAmount('lockTokens', { amount: '0.000000001', currency: 'ACC' }, 1)).toBe('Amount can have at most 8 decimals');
    expect(wireAmount(' ALL ')).toBe('all');
    expect(wireAmount('1,000.50')).toBe('1000.5');
  });
});

pathSuite(removeLiquidityPaths);
