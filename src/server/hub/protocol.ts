// The subset of the ASP.NET Core SignalR JSON hub protocol this hub speaks.
// Reference: aspnetcore docs/specs HubProtocol.md and TransportProtocols.md.

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export const JSON_PROTOCOL_VERSION = 1;

/** A client message after JSON.parse, checked only as far as the hub needs it. */
export type ClientMessage =
  | { type: typeof MessageType.Invocation | typeof MessageType.StreamInvocation; target: string; invocationId?: string }
  | { type: typeof MessageType.Ping | typeof MessageType.Close }
  // Stream items, completions of client results, cancels, acks and sequences are legal
  // but this hub never asks for them, so they are received and ignored.
  | { type: 2 | 3 | 5 | 8 | 9 };

// Money is bigint on the server; JSON.stringify would throw on it, and a float would lose
// precision, so bigints travel as decimal strings.
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** One record, separator included, as the bytes that go on the wire. */
export function encodeRecord(message: object): Buffer {
  return Buffer.from(JSON.stringify(message, replacer) + RECORD_SEPARATOR, 'utf8');
}

export function encodeInvocation(target: string, args: readonly unknown[]): Buffer {
  return encodeRecord({ type: MessageType.Invocation, target, arguments: args });
}

export const PING_RECORD: Buffer = encodeRecord({ type: MessageType.Ping });
export const HANDSHAKE_OK_RECORD: Buffer = Buffer.from('{}' + RECORD_SEPARATOR, 'utf8');

export function encodeClose(error: string | undefined, allowReconnect: boolean): Buffer {
  return encodeRecord(error === undefined ? { type: MessageType.Close, allowReconnect } : { type: MessageType.Close, error, allowReconnect });
}

export function encodeCompletionError(invocationId: string, error: string): Buffer {
  return encodeRecord({ type: MessageType.Completion, invocationId, error });
}

/**
 * Splits a text frame into complete records. A record cut at the end of a frame is returned
 * as `rest` so the caller can prepend it to the next frame: the transport docs do not promise
 * that a record never spans frames.
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

export function checkHandshake(record: string): HandshakeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, error: 'Handshake request is not an object.' };
  const { protocol, version } = parsed as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'Handshake request must contain a protocol and a version.' };
  }
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  // Same rule as the reference server: a client may speak an older version, never a newer one.
  if (!Number.isInteger(version) || version < 0 || version > JSON_PROTOCOL_VERSION) {
    return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  }
  return { ok: true };
}

export function parseClientMessage(record: string): ClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const message = parsed as { type?: unknown; target?: unknown; invocationId?: unknown };
  switch (message.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      if (typeof message.target !== 'string') return null;
      if (message.invocationId !== undefined && typeof message.invocationId !== 'string') return null;
      return message.invocationId === undefined
        ? { type: message.type, target: message.target }
        : { type: message.type, target: message.target, invocationId: message.invocationId };
    }
    case MessageType.Ping:
    case MessageType.Close:
      return { type: message.type };
    case MessageType.StreamItem:
    case MessageType.Completion:
    case MessageType.CancelInvocation:
    case MessageType.Ack:
    case MessageType.Sequence:
      return { type: message.type };
    default:
      return null;
  }
}
