/**
 * A step between the players' entry and the inspector's chunk. Vite lists, beside each dynamic
 * import of the entry, every chunk the imported one needs (about thirty here: every machine of the
 * catalog and what they import); through this small chunk the first page names one file instead,
 * 0.4 KB gzipped less for every player. This chunk names the inspector's files in turn, so an
 * opted-in designer's tab waits one more round trip before they are all fetched side by side.
 */
export async function startInspector(options: { open: boolean }): Promise<(event: unknown) => void> {
  const { startInspector: start } = await import('./index');
  return start(options);
}
