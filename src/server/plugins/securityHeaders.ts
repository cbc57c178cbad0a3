import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/**
 * Security headers on every answer, the SPA's pages and the API's JSON alike. The policy fits the
 * built SPA exactly: one module script and one stylesheet from our origin and no inline script;
 * React sets styles through the CSSOM, which CSP does not restrict; the two-factor QR code is SVG
 * (data: images allowed for it anyway). The one exception is the designers' inspector (INSPECTOR=1 and a
 * page opened with `?inspector`): Mermaid styles its SVG charts with inline <style> elements. 'self' covers same-origin WebSockets in current browsers;
 * the explicit ws(s) origin is for those that predate CSP level 3.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { publicUrl, extraConnectSrc, inspector = false }: SecurityHeadersOptions): Promise<void> {
  const https = publicUrl.startsWith('https:');
  const ws = webSocketOrigin(publicUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // A directive given as a function makes helmet build the whole policy again on every answer;
        // without the inspector the policy is fixed, so it is built once.
        styleSrc: inspector ? ["'self'", (req) => (opensInspector(req.url) ? "'unsafe-inline'" : '')] : ["'self'"],
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
}
