import { API_BASE } from '../config';

/*
 * A step between the players' entry and the inspector's chunk, loaded only on a page opened with
 * `?inspector` (or in development). Vite lists, beside each dynamic import of the entry, every chunk
 * the imported one needs (about thirty for the inspector: every machine of the catalog and what they
 * import); through this small chunk the first page names one file instead, and this question to the
 * server is not in the first page either (0.5 KB gzipped less for every player). An opted-in
 * designer's tab waits one more round trip before the inspector's files are fetched side by side.
 */

/** Development always allows it; a production server allows it with INSPECTOR=1 (GET /api/inspector). */
async function allowed(): Promise<boolean> {
  if (import.meta.env.DEV) return true;
  try {
    const response = await fetch(`${API_BASE.replace(/\/$/, '')}/inspector`, { headers: { accept: 'application/json' } });
    return response.ok && ((await response.json()) as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

/** Starts the inspector when the server allows it: its inspect callback, or null (and a warning) when not. */
export async function startInspectorIfAllowed(options: { open: boolean }): Promise<((event: unknown) => void) | null> {
  if (!(await allowed())) {
    console.warn('The statechart inspector is off on this server (INSPECTOR=1 turns it on).');
    return null;
  }
  const { startInspector } = await import('./index');
  return startInspector(options);
}
