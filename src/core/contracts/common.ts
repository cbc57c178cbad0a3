import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';

/**
 * The API's wire contract is declared once, here in src/core/contracts (one file per domain), and
 * used three ways: the server validates request bodies and serialises every response status with
 * these schemas, the browser adapters and machines use the static types derived from them
 * (`Static<typeof X>`, type-only imports, so no schema code reaches the bundle), and the component
 * tests' fake API checks its replies against them, so a fake cannot drift from the server.
 */

/** The one shape of every 4xx and 5xx answer: a machine-readable code and a sentence for a person. */
export const ErrorReply = Type.Object(
  { error: Type.String({ description: 'A stable code, such as bad_request or insufficient_funds.' }), message: Type.String() },
  { additionalProperties: true, description: 'What went wrong, in words a player can act on.' },
);
export type ErrorReply = Static<typeof ErrorReply>;

/**
 * An amount on the wire: a JSON number or a decimal string. Its grammar (plain digits, at most one
 * point, at most 8 decimals) is checked by parseWireAmount in src/core/money.ts, which can say what is
 * wrong in words a schema error cannot.
 */
export const WireAmount = Type.Union([Type.Number(), Type.String()], { description: 'Coins, as a number or a plain decimal string.' });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route of the API: its path under /api, what it takes and what it answers for each status. */
export interface RouteContract {
  method: HttpMethod;
  /** The path under the API base, as Fastify writes it (`/dice/bet`, `/casino/get-bet`). */
  path: `/${string}`;
  summary: string;
  /** The call group (auth, wallet, payments, casino, dice, mines, blackjack, baccarat, token). */
  tag: string;
  /** Whether the route needs a signed-in player (a bearer access token). */
  auth: boolean;
  querystring?: TSchema;
  body?: TSchema;
  /** Every status the route can answer, each with its body. */
  response: Record<number, TSchema>;
}

/** The body a route answers with a 200, for adapters and fakes. */
export type Reply<C extends RouteContract> = C['response'] extends { 200: infer S extends TSchema } ? Static<S> : never;
/** The body a route takes. */
export type Body<C extends RouteContract> = C['body'] extends TSchema ? Static<C['body']> : never;
/** The query a route takes. */
export type Query<C extends RouteContract> = C['querystring'] extends TSchema ? Static<C['querystring']> : never;

/** The ErrorReply answers of a route, by status: every plain refusal has the one shape. */
export function refusals<const S extends number>(...statuses: S[]): Record<S, typeof ErrorReply> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorReply])) as Record<S, typeof ErrorReply>;
}

type RouteParts = Pick<RouteContract, 'auth' | 'querystring' | 'body' | 'response'>;

/**
 * Declares the routes of one call group, keeping each route's literal types for the server's type
 * provider: a route's path is the group's prefix and its name and its tag is
 * the group's, so neither can drift from the group it is listed in. The prefix is `/<tag>` unless
 * given (the system calls sit at the API's root).
 */
export function routeGroup<const T extends string>(tag: T, prefix = `/${tag}`) {
  const declare =
    <const M extends HttpMethod>(method: M) =>
    <const N extends string, const P extends RouteParts>(name: N, summary: string, parts: P) =>
      ({ method, path: `${prefix}/${name}`, summary, tag, ...parts }) as { method: M; path: `/${string}`; summary: string; tag: T } & P;
  return { get: declare('GET'), post: declare('POST') };
}
