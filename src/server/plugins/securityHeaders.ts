import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  /** The casino's public address: its scheme decides HSTS, its host the hub's WebSocket origin. */
  publicUrl: string;
  /** Further origins the SPA may call (an API on another host, see VITE_API_BASE). */
  extraConnectSrc: string[];
  /** INSPECTOR=1: the designers' inspector may be opened (it draws Mermaid SVGs, which carry a <style> element). */
  inspector?: boolean;
}

/** Only a page opened with `?inspector` on a server that allows the inspector; players' pages never. */
function opensInspector(url: string | undefined): boolean {
  const query = url?.split('?')[1];
  return query !== undefined && new URLSearchParams(query).has('inspector');
}

/** The WebSocket origin of an http(s) origin: the hub lives on the casino's own host. */
function webSocketOrigin(publicUrl: string): string | null {
  try {
    const url = new URL(publicUrl);
    return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  } catch {
    return null;
  }
}

type Headers = ReadonlyArray<readonly [string, string]>;

/**
 * The headers helmet sets with these options, asked of it once: helmet is a middleware that writes
 * them onto a response, so it is run on a stand-in response that records them.
 */
function headersOf(options: HelmetOptions): { set: Headers; removed: readonly string[] } {
  const set = new Map<string, readonly [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name.toLowerCase(), [name, String(value)]);
      return recorder;
    },
    removeHeader: (name: string) => {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set.values()], removed };
}

/**
 * Security headers on every answer, the SPA's pages and the API's JSON alike. The policy fits the
 * built SPA exactly: one module script and one stylesheet from our origin and no inline script;
 * React sets styles through the CSSOM, which CSP does not restrict; the two-factor QR code is SVG
 * (data: images allowed for it anyway). The one exception is the designers' inspector (INSPECTOR=1 and a
 * page opened with `?inspector`): Mermaid styles its SVG charts with inline <style> elements. 'self' covers same-origin WebSockets in current browsers;
 * the explicit ws(s) origin is for those that predate CSP level 3.
 *
 * helmet decides the headers and their values, once at start (two sets with the inspector allowed);
 * an onRequest hook of the root instance (so 404s and refused bodies get them too) copies them onto
 * each answer. @fastify/helmet ran helmet's whole set-up again for every request: it parsed the
 * policy's directives and built its middleware per answer, about a tenth of a bet's CPU outside
 * its transaction.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { publicUrl, extraConnectSrc, inspector = false }: SecurityHeadersOptions): Promise<void> {
  const https = publicUrl.startsWith('https:');
  const ws = webSocketOrigin(publicUrl);
  const options = (styleSrc: string[]): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc,
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(ws ? [ws] : []), ...extraConnectSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Reset and confirmation links carry their token in the query string: never send it onwards.
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // A plain-http casino (local, or behind nothing) must not tell browsers to insist on https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const players = headersOf(options(["'self'"]));
  const designers = inspector ? headersOf(options(["'self'", "'unsafe-inline'"])) : players;
  app.addHook('onRequest', (request, reply, done) => {
    const { set, removed } = inspector && opensInspector(request.url) ? designers : players;
    const response = reply.raw;
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
    done();
  });
}
