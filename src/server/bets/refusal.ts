import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * SPEC §7/§8: the mines, blackjack and baccarat screens read `success` and `errorMessage` from a
 * bet's answer. A route adds this `onSend` hook so every 4xx it gives (its own refusals and the
 * schema failures of the shared error handler alike) also carries `success: false` and the
 * person-facing text as `errorMessage`, next to the usual `{ error, message }`.
 */
export async function addRefusalFields(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return payload;
  const { message } = body as { message?: unknown };
  return JSON.stringify({ success: false, errorMessage: typeof message === 'string' ? message : null, ...body });
}
