import { describe, expect, it } from 'vitest';
import { accountKindOf, csvField, transactionCsvLine, transactionLabel } from '../../src/core/wallet/transactions';

describe('transactions CSV', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes, and leaves others alone', () => {
    expect(csvField('withdrawal:12')).toBe('withdrawal:12');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a row in the header order with the words a player reads', () => {
    expect(
      transactionCsvLine({ transferId: 9, createdAt: '2026-11-26T10:00:00.000Z', kind: 'burn', account: 'staking', currency: 'ACC', amount: '-0.01000000', ref: 'staking:3' }),
    ).toBe('2026-11-26T10:00:00.000Z,Unlock fee,burn,Staked ACC,ACC,-0.01000000,staking:3,9');
    expect(transactionCsvLine({ transferId: 1, createdAt: 't', kind: 'deposit', account: 'wallet', currency: 'BTC', amount: '1.00000000', ref: null })).toBe(
      't,Deposit,deposit,Wallet,BTC,1.00000000,,1',
    );
  });

  it('names every account and an unknown kind in words', () => {
    expect([accountKindOf('player:7'), accountKindOf('staking:7'), accountKindOf('staking_rewards:7')]).toEqual(['wallet', 'staking', 'rewards']);
    expect(transactionLabel('some_new_kind')).toBe('some new kind');
    expect(transactionLabel('reward_claim')).toBe('Rewards claimed');
  });
});
