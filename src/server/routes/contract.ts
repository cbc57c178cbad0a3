import type { TSchema } from 'typebox';
import type { RouteContract } from '../../core/contracts/common';

/** The Fastify schema of a route, taken whole from its contract (src/core/contracts). */
export type SchemaOf<C extends RouteContract> = {
  summary: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  response: C['response'];
} & (C['body'] extends TSchema ? { body: C['body'] } : unknown) &
  (C['querystring'] extends TSchema ? { querystring: C['querystring'] } : unknown);

/**
 * What a route hands Fastify: the body and query are validated with the contract's schemas (the one
 * error handler words the 400), every answered status is serialised with its schema, and the OpenAPI
 * document (/api/openapi.json) reads the summary, tag and sign-in requirement from here.
 */
export function schemaOf<const C extends RouteContract>(contract: C): SchemaOf<C> {
  return {
    summary: contract.summary,
    tags: [contract.tag],
    ...(contract.auth ? { security: [{ bearerAuth: [] }] } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.querystring ? { querystring: contract.querystring } : {}),
    response: contract.response,
  } as SchemaOf<C>;
}
