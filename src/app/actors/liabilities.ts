import { fromPromise } from 'xstate';
import { liabilitiesMachine } from '../../../machines/liabilities/machine';
import type { Reply } from '../../core/contracts/common';
import type { getLiabilities, getLiabilityProof } from '../../core/contracts/liabilities';
import { sha256HexAsync } from '../../core/fairness/webcrypto';
import { checkProof, parseProof } from '../../core/proof/merkleSum';
import { saveTextFile } from '../adapters/download';
import type { ScreenRuntime } from './screenRuntime';

/** /liabilities: the snapshots for anyone, the player's proof, the path climbed with WebCrypto's SHA-256 in this browser, and the proof saved as a file. */
export function provideLiabilities({ api }: ScreenRuntime) {
  return liabilitiesMachine.provide({
    actions: {
      saveProof: (_, { proof }) => saveTextFile(`proof-${proof.currency}-${proof.snapshotId}.json`, `${JSON.stringify(proof, null, 2)}\n`, 'application/json'),
    },
    actors: {
      loadSnapshots: fromPromise(async () => (await api.get<Reply<typeof getLiabilities>>('/casino/liabilities')).snapshots),
      fetchProof: fromPromise(({ input }) =>
        api.get<Reply<typeof getLiabilityProof>>('/casino/liabilities/proof', { query: { currency: input.currency, snapshot: String(input.snapshotId) } }),
      ),
      recompute: fromPromise(async ({ input }) => {
        const parsed = parseProof(input.proof);
        // A proof the browser cannot even read proves nothing: a mismatch, not an error of the browser's.
        if (!parsed.ok) return { balance: input.proof.leaf?.balance ?? '0', computedRoot: '', computedTotal: '0', matches: false };
        const check = await checkProof(parsed.proof, sha256HexAsync, { rootHash: input.rootHash, total: BigInt(input.total) });
        return { balance: String(check.balance), computedRoot: check.computedRoot, computedTotal: String(check.computedTotal), matches: check.matches };
      }),
    },
  });
}
