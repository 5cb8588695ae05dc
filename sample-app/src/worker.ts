// First: the OpenTelemetry SDK (when configured), so that a run's spans nest under the request that submitted it.
import './telemetry';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { databasePath } from './database-path';
import { durableRunsSettings } from './runs/durable-runs.settings';

/**
 * `npm run worker`: a process that runs durable runs and serves nothing — the app's modules (the same tools, guards,
 * chat memory and model) in a Nest application context, with the runs' worker on. Start as many as the load needs,
 * beside web processes started with `RUN_WORKER=false`; all of them on the same `REDIS_URL`. SIGTERM (a deploy)
 * closes it: the jobs it was running are picked up by another worker and go on from their last checkpoint.
 */
async function main(): Promise<void> {
  const durableRuns = durableRunsSettings('worker');
  if (!durableRuns)
    throw new Error('a worker needs REDIS_URL (redis://host:port): the queue and the runs live there');
  const app = await NestFactory.createApplicationContext(
    AppModule.register({ databasePath: databasePath(), durableRuns }),
    { logger: ['log', 'warn', 'error'] },
  );
  app.enableShutdownHooks();
  new Logger('Worker').log(
    `running durable runs (concurrency ${durableRuns.concurrency}, pid ${process.pid})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
