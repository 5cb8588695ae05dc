'use strict';
/**
 * One app of the HTTP benchmark in its own process (`node server.js library|bare <redis url>`): listens on a free
 * loopback port, tells the parent (IPC) the port and, when asked, its own CPU time, so that only the server's work is
 * measured, not the load generator's.
 */
const { NestFactory } = require('@nestjs/core');
const { JwtService } = require('@nestjs/jwt');
const { USER } = require('./shared');

const [kind, redisUrl] = process.argv.slice(2);
const APPS = {
  library: () => require('./library-app').createLibraryAppModule(redisUrl),
  bare: () => require('./bare-app').createBareAppModule(redisUrl),
};

async function main() {
  if (!APPS[kind]) throw new Error(`unknown app ${kind}: library or bare`);
  const app = await NestFactory.create(APPS[kind](), { logger: false, abortOnError: false });
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  const token = await app.get(JwtService).signAsync(USER);
  process.on('message', async (message) => {
    if (message.cmd === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', micros: user + system });
    } else if (message.cmd === 'stop') {
      await app.close();
      process.disconnect();
    }
  });
  process.send({ type: 'ready', port: app.getHttpServer().address().port, token });
}

main().catch((error) => {
  process.exitCode = 1;
  if (process.send)
    process.send({ type: 'error', reason: error?.stack ?? String(error) }, () => process.exit(1));
  else process.stderr.write(`${error?.stack ?? error}\n`);
});
