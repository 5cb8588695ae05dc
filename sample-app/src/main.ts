// First: the OpenTelemetry SDK (when configured) must be started before http and express are loaded.
import './telemetry';
import 'reflect-metadata';
import { join } from 'node:path';
import { createApp } from './bootstrap';
import { listenHost } from './listen-host';
import { runDemo, runMcpDemo } from './demo';

const DEFAULT_DB = join(__dirname, '..', 'sample-app', 'data', 'tickets.db');

async function main(): Promise<void> {
  const demo = process.argv.includes('demo');
  if (demo) {
    // The demo works on a fresh in-memory database, so that it shows the same conversation every time.
    const app = await createApp({ databasePath: ':memory:' }, false);
    await app.listen(0, '127.0.0.1');
    try {
      const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      await runDemo(url);
      await runMcpDemo(url);
    } finally {
      await app.close();
    }
    return;
  }
  const app = await createApp({ databasePath: process.env.SUPPORT_DB_PATH ?? DEFAULT_DB });
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port, listenHost());
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  const store = process.env.REDIS_URL ? 'Redis' : 'memory';
  console.log(`Support desk sample: open ${url}/ (model: see the page's badge; conversations in ${store})`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
