/** Types of scripts/postgres.mjs (plain JavaScript, so scripts/test.mjs can import it without tsx). */
export interface Cluster {
  url: string;
  stop(): void;
}
export function postgresBin(): string | null;
export function startPostgres(options?: { durable?: boolean }): Promise<Cluster>;
