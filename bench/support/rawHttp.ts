import net from 'node:net';

/**
 * A load generator's HTTP/1.1 client: one kept-alive socket that writes a request prebuilt as bytes
 * and reads back only what a benchmark needs from the answer, its status code and where it ends
 * (Content-Length). node:http's client parses every header into objects and runs streams for each
 * answer; on a 2-core machine every cycle the clients spend is one the server under test lacks.
 *
 * One request at a time (no pipelining): `send` answers the status code, or null when the socket
 * failed or the answer could not be read (the socket is then replaced for the next request). An
 * answer without a Content-Length (chunked, or a closed connection) counts as a failure too: the
 * casino's JSON answers always carry one.
 */
export class RawHttpConnection {
  private socket: net.Socket | null = null;
  private buffered: Buffer | null = null;
  private pending: ((status: number | null) => void) | null = null;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {}

  send(request: Buffer): Promise<number | null> {
    if (this.pending) return Promise.reject(new Error('one request at a time'));
    return new Promise((resolve) => {
      this.pending = resolve;
      this.buffered = null;
      this.connected().write(request);
    });
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }

  private connected(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    // Events of a socket already replaced (closed after a bad answer) concern no request of now.
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.onData(chunk);
    });
    const fail = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      socket.destroy();
      this.settle(null);
    };
    socket.on('error', fail);
    socket.on('close', fail);
    this.socket = socket;
    return socket;
  }

  private settle(status: number | null): void {
    const pending = this.pending;
    this.pending = null;
    this.buffered = null;
    pending?.(status);
  }

  private onData(chunk: Buffer): void {
    const data = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = data.indexOf('\r\n\r\n');
    if (headEnd < 0) {
      this.buffered = data;
      return;
    }
    const head = data.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!head.startsWith('HTTP/1.1 ') || !Number.isInteger(status) || !length) {
      this.close();
      this.settle(null);
      return;
    }
    const end = headEnd + 4 + Number(length[1]);
    if (data.length < end) {
      this.buffered = data;
      return;
    }
    // Bytes past the answer would be an answer nobody asked for; after `connection: close` the
    // next request goes on a new socket.
    if (data.length > end || /\r\nconnection:\s*close/i.test(head)) this.close();
    this.settle(status);
  }
}

/** The bytes of one HTTP/1.1 POST of a JSON body, built once and sent as often as needed. */
export function jsonPost(host: string, path: string, headers: Record<string, string>, body: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(body));
  const lines = [`POST ${path} HTTP/1.1`, `host: ${host}`, 'content-type: application/json', `content-length: ${json.length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), json]);
}
