import { describe, expect, it } from 'vitest';
import { unlockPreview } from '../../machines/tokenAction/selectors';
import { tokenActionTests } from '../support/tokenActionTests';
import { pathSuite } from '../support/pathTesting';
import { unlockTokensPaths } from './unlockTokens.paths';

tokenActionTests('unlockTokens');

describe('unlock preview', () => {
  it('should preview the unlock fee floored to the base unit, as the server burns it', () => {
    expect(unlockPreview('2.5', 0.01)).toEqual({ fee: 0.025, received: 2.475 });
    expect(unlockPreview('0.00000099', 0.01)).toEqual({ fee: 0, received: 0.00000099 });
    expect(unlockPreview('', 0.01)).toBeNull();
    expect(unlockPreview('0', 0.01)).toBeNull();
  });
});

pathSuite(unlockTokensPaths);
