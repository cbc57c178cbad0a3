import { Type } from 'typebox';
import type { Static } from 'typebox';
import { refusals, routeGroup } from './common';

/** Proof of liabilities (issue 23; docs/fairness.md "Proof of liabilities"). Amounts are base units (10^-8 of a coin) as decimal strings. */

const BaseUnits = (description: string) => Type.String({ pattern: '^(0|[1-9][0-9]*)$', description });
const Hash = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });

export const LiabilityRoot = Type.Object({
  currency: Type.String(),
  rootHash: Hash("The Merkle sum tree's root hash."),
  total: BaseUnits("The root's sum: every player's balance in the currency, in base units."),
  leaves: Type.Integer({ description: 'One leaf per player with a wallet in the currency, zero balances too.' }),
  reserves: BaseUnits('What the casino holds in the currency by the ledger (minus the external account), in base units.'),
});
export type LiabilityRoot = Static<typeof LiabilityRoot>;

export const LiabilitySnapshot = Type.Object({
  id: Type.Integer(),
  takenAt: Type.String({ description: 'ISO 8601, UTC.' }),
  currencies: Type.Array(LiabilityRoot),
});
export type LiabilitySnapshot = Static<typeof LiabilitySnapshot>;

export const LiabilityProofReply = Type.Object({
  snapshotId: Type.Integer(),
  currency: Type.String(),
  rootHash: Hash('The root this proof climbs to.'),
  total: BaseUnits("The root's sum, in base units."),
  leaf: Type.Object({
    nonce: Type.String({ pattern: '^[0-9a-f]{32}$', description: "The player's random nonce in this snapshot." }),
    balance: BaseUnits("The player's balance at the snapshot, in base units."),
  }),
  path: Type.Array(
    Type.Object({
      side: Type.Union([Type.Literal('left'), Type.Literal('right')], { description: 'On which side the sibling stands.' }),
      hash: Hash("The sibling's hash."),
      sum: BaseUnits("The sibling's sum."),
    }),
    { description: 'The siblings from the leaf up to the root.' },
  ),
});
export type LiabilityProofReply = Static<typeof LiabilityProofReply>;

const casino = routeGroup('casino');

export const getLiabilities = casino.get('liabilities', 'The proof-of-liabilities snapshots, newest first: per currency the root, the total owed to players, the leaf count and the reserves.', {
  auth: false,
  response: { 200: Type.Object({ snapshots: Type.Array(LiabilitySnapshot) }) },
});

export const getLiabilityProof = casino.get('liabilities/proof', "The player's own leaf and its path to the root in a snapshot (the latest unless `snapshot` is given). Proofs are kept for PROOF_RETENTION_DAYS (default 30 days): an older snapshot answers 404 `proof_expired`.", {
  auth: true,
  querystring: Type.Object(
    {
      currency: Type.String({ minLength: 1, maxLength: 16 }),
      snapshot: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$', description: 'A snapshot id; the latest by default.' })),
    },
    { additionalProperties: false },
  ),
  response: { 200: LiabilityProofReply, ...refusals(400, 401, 404) },
});

export const liabilitiesRoutes = [getLiabilities, getLiabilityProof] as const;
