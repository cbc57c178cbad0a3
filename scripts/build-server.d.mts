/** Types of scripts/build-server.mjs (plain JavaScript, so `npm run build` runs it without tsx). */
export const SERVER_DIR: string;
export const SERVER_ENTRY: string;
export function bundle(entry: string, outfile: string): Promise<void>;
export function buildServer(): Promise<void>;
