import { Type } from 'typebox';
import type { Static } from 'typebox';
import { refusals, routeGroup } from './common';

/**
 * Responsible gambling under /account (docs/product.md "Responsible gambling"): the player's limits,
 * a break and self-exclusion. Amounts are US dollar cents, as integers. No call ends a break or an
 * exclusion early: the calls that start one can only lengthen it.
 */

const Kind = Type.Union([Type.Literal('deposit'), Type.Literal('loss'), Type.Literal('wager')]);
const Period = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
const Iso = Type.Union([Type.String({ description: 'ISO 8601.' }), Type.Null()]);

export const LimitEntry = Type.Object({
  kind: Kind,
  period: Period,
  amountCents: Type.Union([Type.Integer(), Type.Null()], { description: 'The limit that applies now; null: none.' }),
  pendingAt: Type.Union([Type.String(), Type.Null()], { description: 'When a waiting raise or removal takes effect (ISO 8601); null: none waits.' }),
  pendingCents: Type.Union([Type.Integer(), Type.Null()], { description: 'The waiting raise; null with a pendingAt: a removal.' }),
  usedCents: Type.Integer({ description: "What the window holds: deposits, wagers, or the net loss (wins offset losses, so it may be negative)." }),
});
export type LimitEntry = Static<typeof LimitEntry>;

export const PlayBlock = Type.Object({
  kind: Type.Union([Type.Literal('break'), Type.Literal('exclusion')]),
  until: Iso,
  permanent: Type.Boolean(),
  message: Type.String({ description: 'What a refused bet or deposit says meanwhile.' }),
});
export type PlayBlock = Static<typeof PlayBlock>;

export const ResponsibleState = Type.Object({
  limits: Type.Array(LimitEntry, { description: 'All nine kinds and periods, deposit, loss, wager; day, week, month.' }),
  block: Type.Union([PlayBlock, Type.Null()], { description: 'The break or exclusion that runs now; null: none.' }),
});
export type ResponsibleState = Static<typeof ResponsibleState>;

export const ResponsibleChange = Type.Object({ ...ResponsibleState.properties, message: Type.String({ description: 'What changed, in words.' }) });
export type ResponsibleChange = Static<typeof ResponsibleChange>;

const account = routeGroup('account');

export const getLimits = account.get('get-limits', "The caller's limits, each with a waiting raise and what its window holds, and the break or exclusion that runs.", {
  auth: true,
  response: { 200: ResponsibleState, ...refusals(401) },
});

export const setLimit = account.post(
  'set-limit',
  'Sets (amount in dollars) or removes (null) a limit: a new or lower limit applies at once, a raise or removal 24 hours later.',
  {
    auth: true,
    body: Type.Object(
      {
        kind: Kind,
        period: Period,
        amount: Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()], { description: 'Dollars ("100", "99.50"); null removes.' }),
      },
      { additionalProperties: false },
    ),
    response: { 200: ResponsibleChange, ...refusals(400, 401) },
  },
);

export const takeBreak = account.post('take-break', 'Pauses betting and deposits for 24 hours, 3 days, 1 week or 6 weeks; it cannot be ended early.', {
  auth: true,
  body: Type.Object({ length: Type.Union([Type.Literal('24h'), Type.Literal('3d'), Type.Literal('1w'), Type.Literal('6w')]) }, { additionalProperties: false }),
  response: { 200: ResponsibleChange, ...refusals(400, 401, 409) },
});

export const selfExclude = account.post('self-exclude', 'Closes betting and deposits for 6 months, 1 year or permanently; it cannot be ended early.', {
  auth: true,
  body: Type.Object({ length: Type.Union([Type.Literal('6m'), Type.Literal('1y'), Type.Literal('permanent')]) }, { additionalProperties: false }),
  response: { 200: ResponsibleChange, ...refusals(400, 401, 409) },
});

export const accountRoutes = [getLimits, setLimit, takeBreak, selfExclude] as const;
