import { badRequest } from '../errors';

/** `?before=<id>&limit=<n>` of the paged lists: newest first, rows with an id below `before`. */
export interface PageQuery {
  before?: string;
  limit?: string;
}

// Query values arrive as strings and the server never coerces types, so digits are checked here.
export const pageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { before: { type: 'string', pattern: '^[0-9]{1,15}$' }, limit: { type: 'string', pattern: '^[0-9]{1,3}$' } },
} as const;

export function parsePage(query: PageQuery, defaultLimit: number, maxLimit: number): { before: number; limit: number } {
  const before = query.before === undefined ? Number.MAX_SAFE_INTEGER : Number(query.before);
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  if (before < 1) throw badRequest('before must be a positive id');
  if (limit < 1 || limit > maxLimit) throw badRequest(`limit must be from 1 to ${maxLimit}`);
  return { before, limit };
}
