import type { HubConnection } from '@microsoft/signalr';
import { fromCallback } from 'xstate';
import type { HubEvent, HubInput, LiveCommand } from '../../../machines/live/machine';

/** docs/product.md §7: server timeout 30 s, keep-alive 15 s. */
const SERVER_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_MS = 15_000;

/**
 * The live machine's hubConnection actor: one SignalR HubConnection for one token. It connects
 * and disconnects when told and reports what happens; it never retries by itself, because the
 * live machine owns the retry delays (0/2/10/30 s).
 */
export function hubConnectionLogic(hubUrl: string) {
  return fromCallback<LiveCommand, HubInput>(({ input, receive, sendBack }) => {
    const token = input.token;
    const relay = (event: HubEvent) => sendBack(event);
    // The SignalR client is not part of the first download: it is fetched with the first connection,
    // and the commands given meanwhile wait for it, in order.
    const ready: Promise<HubConnection> = import('@microsoft/signalr').then(({ HttpTransportType, HubConnectionBuilder, LogLevel }) => {
      const connection = new HubConnectionBuilder()
        .withUrl(hubUrl, {
          // Browsers cannot set headers on a WebSocket: the client puts the token in ?access_token=.
          ...(token ? { accessTokenFactory: () => token } : {}),
          transport: HttpTransportType.WebSockets,
        })
        .configureLogging(LogLevel.None)
        .build();
      connection.serverTimeoutInMilliseconds = SERVER_TIMEOUT_MS;
      connection.keepAliveIntervalInMilliseconds = KEEP_ALIVE_MS;

      connection.on('bet', (bet) => relay({ type: 'hub.bet', bet }));
      connection.on('deposit', (payload: { amount: number; currency: string }) =>
        relay({ type: 'hub.deposit', amount: payload.amount, currency: payload.currency }),
      );
      connection.on('lockedTokens', (payload) => relay({ type: 'hub.lockedTokens', payload }));
      connection.on('unlockedTokens', (payload) => relay({ type: 'hub.unlockedTokens', payload }));
      connection.on('invested', (payload) => relay({ type: 'hub.invested', payload }));
      connection.on('divested', (payload) => relay({ type: 'hub.divested', payload }));
      connection.onclose((error) => relay({ type: 'hub.closed', ...(error ? { error: error.message } : {}) }));
      return connection;
    });
    // A client that could not be fetched is a connection that failed: the live machine retries.
    const unavailable = () => relay({ type: 'hub.closed', error: 'connect failed' });

    receive((command) => {
      ready.then((connection) => {
        if (command.type === 'live.connect') {
          connection.start().then(
            () => relay({ type: 'hub.connected' }),
            (error: unknown) => relay({ type: 'hub.closed', error: error instanceof Error ? error.message : 'connect failed' }),
          );
        } else {
          // onclose reports the end; a connection that never started closes quietly, so say it here.
          const wasIdle = connection.state === 'Disconnected';
          void connection.stop().finally(() => {
            if (wasIdle) relay({ type: 'hub.closed' });
          });
        }
      }, unavailable);
    });

    return () => {
      ready.then((connection) => void connection.stop(), () => undefined);
    };
  });
}
