import { fromCallback } from 'xstate';
import type { HubEvent, HubInput, LiveCommand } from '../../../machines/live/machine';
import { HUB_SESSION_ENDED } from '../../core/contracts/hub';

/** docs/product.md §7: server timeout 30 s, keep-alive 15 s. */
const SERVER_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_MS = 15_000;

/**
 * The part of a SignalR HubConnection the app uses. The app receives server events and starts and
 * stops the link; it never invokes hub methods. Component tests hand the app a fake with the same
 * shape (tests/support/fakeHub.ts), so the relaying below runs in them as it does in the browser.
 */
export interface HubLink {
  readonly state: string;
  on(event: string, handler: (payload: never) => void): void;
  onclose(handler: (error?: Error) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds one link for one token (null: a visitor's anonymous connection); nothing is opened before start(). */
export type HubConnector = (token: string | null) => Promise<HubLink>;

/** The real hub: one SignalR HubConnection at `hubUrl`, on WebSockets, with the timeouts of §7. */
export function signalRHub(hubUrl: string): HubConnector {
  return async (token) => {
    // The SignalR client is not part of the first download: it is fetched with the first connection.
    const { HttpTransportType, HubConnectionBuilder, LogLevel } = await import('@microsoft/signalr');
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
    return connection;
  };
}

/**
 * The live machine's hubConnection actor: one hub link for one token. It connects and disconnects
 * when told and reports what happens; it never retries by itself, because the live machine owns the
 * retry delays (0/2/10/30 s).
 */
export function hubConnectionLogic(connect: HubConnector) {
  return fromCallback<LiveCommand, HubInput>(({ input, receive, sendBack }) => {
    const relay = (event: HubEvent) => sendBack(event);
    // The commands given while the link is being built wait for it, in order.
    const ready: Promise<HubLink> = connect(input.token).then((connection) => {
      connection.on('bet', (bet: never) => relay({ type: 'hub.bet', bet }));
      connection.on('deposit', (payload: { amount: number; currency: string; balance?: number }) =>
        relay({ type: 'hub.deposit', amount: payload.amount, currency: payload.currency, ...(typeof payload.balance === 'number' ? { balance: payload.balance } : {}) }),
      );
      connection.on('lockedTokens', (payload: never) => relay({ type: 'hub.lockedTokens', payload }));
      connection.on('unlockedTokens', (payload: never) => relay({ type: 'hub.unlockedTokens', payload }));
      connection.on('invested', (payload: never) => relay({ type: 'hub.invested', payload }));
      connection.on('divested', (payload: never) => relay({ type: 'hub.divested', payload }));
      connection.onclose((error) => {
        // The server closed it because this session ended (from another device, say): auth must hear it.
        if (error?.message.includes(HUB_SESSION_ENDED)) relay({ type: 'hub.sessionEnded' });
        relay({ type: 'hub.closed', ...(error ? { error: error.message } : {}) });
      });
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
