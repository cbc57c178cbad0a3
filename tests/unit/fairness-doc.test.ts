import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { bytesToHex, createFloatStream, hmacMessage } from '../../src/core/fairness/floats';
import { diceMultiplier, diceRoll, diceWins } from '../../src/core/games/dice';
import { minesBoard, minesMultiplier, minesTileOrder } from '../../src/core/games/mines';
import { nodeHmacSha256, sha256Hex } from '../../src/server/fairness/hmac';

/**
 * docs/fairness.md promises players that its worked examples are what the casino computes.
 * Every line of every ```fairness-example block is recomputed here; a line this test does not
 * understand fails it, so no number in an example can go unchecked.
 */
const doc = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```fairness-example\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

const numberList = (text: string): number[] => text.split(',').map((part) => Number(part.trim()));

function checkExample(block: string): number {
  const lines = block
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      expect(at, `line without "key: value": ${line}`).toBeGreaterThan(0);
      return [line.slice(0, at), line.slice(at + 2).trim()] as const;
    });
  const fields = new Map(lines);
  const serverSeed = fields.get('server seed');
  const clientSeed = fields.get('client seed');
  const nonce = Number(fields.get('nonce'));
  if (serverSeed === undefined || clientSeed === undefined) throw new Error('an example needs a server seed and a client seed');
  const stream = createFloatStream(nodeHmacSha256, serverSeed, clientSeed, nonce);
  const round0 = nodeHmacSha256(serverSeed, hmacMessage(clientSeed, nonce, 0));
  const roll = diceRoll(stream.at(0));

  let match: RegExpExecArray | null;
  for (const [key, value] of lines) {
    if (key === 'server seed' || key === 'client seed') continue;
    else if (key === 'nonce') expect(Number.isSafeInteger(nonce) && String(nonce) === value).toBe(true);
    else if (key === 'server seed SHA-256') expect(value).toBe(sha256Hex(serverSeed));
    else if ((match = /^HMAC round (\d+)$/.exec(key))) {
      expect(value).toBe(bytesToHex(nodeHmacSha256(serverSeed, hmacMessage(clientSeed, nonce, Number(match[1])))));
    } else if ((match = /^bytes (\d+)-(\d+)$/.exec(key))) {
      const bytes = [...round0.slice(Number(match[1]), Number(match[2]) + 1)];
      expect(value).toBe(bytes.map((b) => b.toString(16).padStart(2, '0')).join(' '));
    } else if ((match = /^float (\d+) from bytes$/.exec(key))) {
      const index = Number(match[1]);
      const terms = value.split('+').map((term) => /^\s*(\d+)\/256(?:\^(\d))?\s*$/.exec(term));
      expect(terms).toHaveLength(4);
      let sum = 0;
      terms.forEach((term, k) => {
        if (!term) throw new Error(`bad term in ${value}`);
        expect(Number(term[2] ?? 1)).toBe(k + 1);
        expect(Number(term[1])).toBe(round0[4 * index + k]);
        sum += Number(term[1]) / 256 ** (k + 1);
      });
      expect(sum).toBe(stream.at(index));
    } else if ((match = /^float (\d+)$/.exec(key))) expect(Number(value)).toBe(stream.at(Number(match[1])));
    else if ((match = /^floats (\d+)-(\d+)$/.exec(key))) {
      const from = Number(match[1]);
      const to = Number(match[2]);
      expect(numberList(value)).toEqual(Array.from({ length: to - from + 1 }, (_, k) => stream.at(from + k)));
    } else if (key === 'dice roll') expect(Number(value)).toBe(roll);
    else if ((match = /^dice (under|over) ([\d.]+)$/.exec(key))) {
      expect(value).toBe(diceWins(roll, Number(match[2]), match[1] as 'under' | 'over') ? 'win' : 'lose');
    } else if ((match = /^multiplier at chance ([\d.]+)$/.exec(key))) expect(Number(value)).toBe(diceMultiplier(Number(match[1])));
    else if (key === 'tile order') expect(numberList(value)).toEqual(minesTileOrder(stream.at));
    else if ((match = /^mines with (\d+) mines$/.exec(key))) expect(numberList(value)).toEqual(minesBoard(stream.at, Number(match[1])));
    else if ((match = /^multiplier with (\d+) mines after (\d+) gems?$/.exec(key))) {
      expect(Number(value)).toBe(minesMultiplier(Number(match[1]), Number(match[2])));
    } else throw new Error(`docs/fairness.md example has a line the test cannot check: "${key}: ${value}"`);
  }
  return lines.length;
}

describe('docs/fairness.md worked examples', () => {
  it('has examples for dice and mines', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.some((block) => block.includes('dice roll'))).toBe(true);
    expect(blocks.some((block) => block.includes('mines with'))).toBe(true);
  });

  it.each(blocks.map((block, index) => [index + 1, block] as const))('example %i matches the engine', (_index, block) => {
    expect(checkExample(block)).toBeGreaterThan(5);
  });

  it('states the scheme the engine implements', () => {
    expect(doc).toContain('HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<round>")');
    expect(doc).toContain('float = b0/256 + b1/256^2 + b2/256^3 + b3/256^4');
    expect(doc).toContain('roll = floor(float × 10001) / 100');
    expect(doc).toContain('0.99 × C(25, k) / C(25 − m, k)');
  });
});
