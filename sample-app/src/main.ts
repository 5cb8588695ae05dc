// First: the OpenTelemetry SDK (when configured) must be started before http and express are loaded.
import './telemetry';
import 'reflect-metadata';
import { createApp } from './bootstrap';
import { databasePath } from './database-path';
import { listenHost } from './listen-host';
import { runDemo, runMcpDemo } from './demo';
import { durableRunsSettings } from './runs/durable-runs.settings';

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
  const durableRuns = durableRunsSettings('web');
  const app = await createApp({ databasePath: databasePath(), durableRuns });
  const port = Number(process.env.PORT ?? 3000);
  await app.listen(port, listenHost());
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  const store = process.env.REDIS_URL ? 'Redis' : 'memory';
  console.log(`Support desk sample: open ${url}/ (model: see the page's badge; conversations in ${store})`);
  if (durableRuns)
    console.log(
      `Durable runs: chats run as jobs on ${durableRuns.worker ? 'this process and ' : ''}any \`npm run worker\``,
    );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
