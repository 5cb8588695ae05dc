import type { Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InvalidToolCallingConfigError, ToolCallbackRegistry, ToolResult } from 'nestjs-tool-calling';
import { withEnv } from '../../module/with-env';
import { ConfigKeyAppModule, ConfigServiceAppModule } from './fixtures/config.app';
import { startApp, startupError } from './fixtures/start-app';

const ENV = {
  OPENAI_BASE_URL: 'http://localhost:11434/v1',
  OPENAI_MODEL: 'llama3.1',
  TOOL_CALLING_MAX_ROUNDS: '7',
  TOOL_CALLING_MAX_CONCURRENCY: '2',
};

describe.each<[string, Type]>([
  ['injected by toolCallingConfig.KEY', ConfigKeyAppModule],
  ['read through ConfigService', ConfigServiceAppModule],
])('ToolCallingModule.forRootAsync with the toolCalling namespace %s', (_, rootModule) => {
  it('starts with the settings of the environment', async () => {
    const app = await withEnv(ENV, () => startApp(rootModule));
    try {
      const settings = await app.get(ToolCallbackRegistry).get('describeSettings')!.call('{}');
      expect(JSON.parse(ToolResult.textOf(settings))).toEqual({
        model: 'llama3.1',
        limits: { maxRounds: 7, maxConcurrency: 2 },
      });
      expect(app.get(ConfigService).get('toolCalling.chatModel.baseURL')).toBe('http://localhost:11434/v1');
    } finally {
      await app.close();
    }
  });

  it('does not start on a bad value, naming the variable and not showing the key', async () => {
    const error = await withEnv(
      { ...ENV, OPENAI_API_KEY: 'sk-do-not-print', TOOL_CALLING_MAX_ROUNDS: 'abc' },
      () => startupError(rootModule),
    );
    expect(error).toBeInstanceOf(InvalidToolCallingConfigError);
    expect(error.message).toBe(
      'invalid tool-calling configuration (namespace "toolCalling"): TOOL_CALLING_MAX_ROUNDS must be a whole ' +
        'number from 1 to 999999999 (values are not shown)',
    );
    expect(error.message).not.toContain('sk-do-not-print');
  });
});
