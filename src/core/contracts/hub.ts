import { Type } from 'typebox';
import type { Static } from 'typebox';
import { routeGroup } from './common';

/**
 * The live hub's one HTTP call: a client negotiates, then opens the WebSocket at /api/socket?id=<connectionToken>
 * (a visitor without a token, a player with its access token). Its refusals follow the hub protocol,
 * so the 401 body has no `message`.
 */

/**
 * The error of the close message the hub sends when the connection's session has ended (logged out,
 * ended from another device, password changed or reset, refresh token reused, lifetime reached).
 * The SignalR client reports it to onclose inside its own wording, so the browser looks for it.
 */
export const HUB_SESSION_ENDED = 'Your session has ended.';

export const NegotiateReply = Type.Object({
  negotiateVersion: Type.Literal(1),
  connectionId: Type.String(),
  connectionToken: Type.String(),
  availableTransports: Type.Array(Type.Object({ transport: Type.Literal('WebSockets'), transferFormats: Type.Array(Type.Literal('Text')) })),
});
export type NegotiateReply = Static<typeof NegotiateReply>;

const HubRefusal = Type.Object({ error: Type.String(), message: Type.Optional(Type.String()) }, { additionalProperties: true });

const hub = routeGroup('hub', '/socket');

export const negotiate = hub.post('negotiate', 'Opens a hub connection: answers the token the WebSocket upgrade at /api/socket takes. The body is ignored.', {
  auth: false,
  response: { 200: NegotiateReply, 401: HubRefusal, 429: HubRefusal, 503: HubRefusal },
});

export const hubRoutes = [negotiate] as const;
