import { withEnv } from './with-env';

// The library must load, and its namespace factory still work, in an application without @nestjs/config (an
// optional peer): the package cannot be uninstalled for one test, so its absence is simulated.
jest.mock('@nestjs/config', () => {
  throw Object.assign(new Error("Cannot find module '@nestjs/config'"), { code: 'MODULE_NOT_FOUND' });
});

describe('toolCallingConfig without @nestjs/config installed', () => {
  it('lets the library load, reads the environment, and says what to install when used with ConfigModule', async () => {
    const { toolCallingConfig } = require('../../lib/config') as typeof import('../../lib/config');
    expect(await withEnv({ TOOL_CALLING_MAX_ROUNDS: '4' }, () => toolCallingConfig())).toEqual({
      limits: { maxRounds: 4 },
    });
    expect(() => toolCallingConfig.KEY).toThrow(
      'toolCallingConfig needs the package "@nestjs/config": npm install @nestjs/config',
    );
    expect(() => toolCallingConfig.asProvider()).toThrow('npm install @nestjs/config');
  });
});
