import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManyToolsAppModule, NoModelAppModule, NoToolsAppModule } from './fixtures/startup-log.app';
import { CapturingLogger, startApp } from './fixtures/start-app';

async function startupLines(rootModule: Function): Promise<CapturingLogger['lines']> {
  const logger = new CapturingLogger();
  const app = await startApp(rootModule as never, logger);
  await app.close();
  return logger.lines.filter((line) => /tools? found|chat model/.test(line.message));
}

describe('ToolCallingModule at startup', () => {
  it('logs the tools it found in one line, and warns that no chat model is configured', async () => {
    expect(await startupLines(NoModelAppModule)).toEqual([
      { level: 'log', message: '3 tools found: getTime, getWeather, listTickets' },
      {
        level: 'warn',
        message:
          'no chat model is configured: give ToolCallingModule.forRoot({ chatModel }) a ChatModel or provider ' +
          'settings, or, with toolCallingConfig, set OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY or ' +
          'GEMINI_API_KEY, or TOOL_CALLING_PROVIDER (openai, openai-responses, azure-openai, anthropic, gemini) with ' +
          'its variables; to try the app without a key, TOOL_CALLING_PROVIDER=offline (not a language model). ' +
          'The application starts, but every chat call fails with ChatModelConfigurationError ' +
          'until a model is configured',
      },
    ]);
  });

  it('shortens the list past 30 names, and does not warn when a model is configured', async () => {
    const names = Array.from({ length: 30 }, (_, index) => `tool${index + 1}`).join(', ');
    expect(await startupLines(ManyToolsAppModule)).toEqual([
      { level: 'log', message: `40 tools found: ${names} and 10 more` },
    ]);
  });

  it('says so when there are no tools', async () => {
    expect(await startupLines(NoToolsAppModule)).toEqual([
      {
        level: 'log',
        message:
          'no tools found (no @Tool() methods on providers or controllers, no toolCallbacks in the options)',
      },
    ]);
  });

  it('prints an uncaught ToolDiscoveryError with each problem once', async () => {
    const root = join(__dirname, '../../..');
    const main = join(__dirname, 'fixtures/uncaught-discovery-error.main.ts');
    const run = promisify(execFile)(
      process.execPath,
      ['-r', join(root, 'test/reliability/soak/register-ts.js'), main],
      // The child compiles the sources as it loads them: about 11 s alone, 15.4 s once on a loaded machine.
      { cwd: root, timeout: 45_000 },
    );
    const failure = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    expect(failure?.code).toBe(1);
    const stderr = failure?.stderr ?? '';
    expect(stderr).toContain(
      'ToolDiscoveryError: ToolCallingModule cannot start: a problem with the tools of this application:\n' +
        '- BadTools.run: invalid tool name "bad name!"',
    );
    expect(stderr.split('invalid tool name "bad name!"')).toHaveLength(2);
  }, 60_000);
});
