import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ToolCallingExceptionFilter } from 'nestjs-tool-calling';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule, type AppOptions } from './app.module';

/** The chat page: next to the sources (sample-app/public), whether running from src/ or from dist-sample/. */
const PUBLIC_DIR = [join(__dirname, '..', 'public'), join(__dirname, '..', 'sample-app', 'public')].find(
  (dir) => existsSync(join(dir, 'index.html')),
);

export async function createApp(options: AppOptions, logger = true): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(options), {
    logger: logger ? ['log', 'warn', 'error'] : false,
  });
  if (PUBLIC_DIR) app.useStaticAssets(PUBLIC_DIR);
  // The library's errors a client causes (an unknown, decided, expired or another user's approval) as 404/409/410/403.
  app.useGlobalFilters(new ToolCallingExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
