// `npm run mcp:conformance-server`: the conformance app on 127.0.0.1:$PORT (0 or unset: a free port), its MCP
// endpoint at /mcp. Prints the endpoint's URL, then a line `ready` once it listens. Logs go to stderr.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { StderrLogger } from 'nestjs-tool-calling/mcp';
import { ConformanceAppModule } from './conformance.app';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (0 to 65535), not ${JSON.stringify(process.env.PORT)}`);
  const app = await NestFactory.create(ConformanceAppModule, { logger: new StderrLogger() });
  app.enableShutdownHooks();
  await app.listen(port, '127.0.0.1');
  const { port: bound } = app.getHttpServer().address() as { port: number };
  process.stdout.write(`MCP endpoint http://127.0.0.1:${bound}/mcp\nready\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
