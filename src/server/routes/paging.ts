import type { PageQuery } from '../../core/contracts/casino';
import { badRequest } from '../errors';

/** Reads `?before=<id>&limit=<n>` of the paged lists (the digits were checked by the contract's PageQuery). */
export function parsePage(query: PageQuery, defaultLimit: number, maxLimit: number): { before: number; limit: number } {
  const before = query.before === undefined ? Number.MAX_SAFE_INTEGER : Number(query.before);
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  if (before < 1) throw badRequest('before must be a positive id');
  if (limit < 1 || limit > maxLimit) throw badRequest(`limit must be from 1 to ${maxLimit}`);
  return { before, limit };
}
