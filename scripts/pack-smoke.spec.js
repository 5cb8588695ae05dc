// The Jest spec of a fresh Nest 11 app that installed @nestjs/config@latest (12.x, ES modules only, which Jest's
// CommonJS runtime cannot load on Node 20): importing the library must not load it.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { smoke } = require('./app');

test('the library loads and runs a tool under Jest beside @nestjs/config@latest', async () => {
  const config = JSON.parse(
    readFileSync(join(__dirname, 'node_modules/@nestjs/config/package.json'), 'utf8'),
  );
  expect(Number(config.version.split('.')[0])).toBeGreaterThanOrEqual(12);
  await expect(smoke()).resolves.toMatch(/getWeather → Paris: sunny; answer: It is sunny in Paris\.$/);
});
