import { join } from 'node:path';

/** The tickets database of `npm start` and `npm run worker`: `SUPPORT_DB_PATH`, or a file beside the sample. */
export function databasePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.SUPPORT_DB_PATH ?? join(__dirname, '..', 'sample-app', 'data', 'tickets.db');
}
