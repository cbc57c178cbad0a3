import type { IncomingHttpHeaders } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Browsers cannot set headers on a WebSocket, so the official client puts the token in the
 * query there; Node clients and every HTTP request carry it as a bearer header instead.
 */
export function accessTokenOf(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1];
  }
  const fromQuery = query.get('access_token');
  return fromQuery ? fromQuery : undefined;
}

/** Answers an upgrade we refuse with a plain HTTP response, since no WebSocket exists yet. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = Buffer.from(message, 'utf8');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n\r\n` +
      body.toString('utf8'),
  );
}
