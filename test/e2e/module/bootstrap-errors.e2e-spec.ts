import {
  DuplicateToolNameError,
  ToolCallbackRegistry,
  ToolDefinitionError,
  ToolDiscoveryError,
  type ToolCallback,
} from 'nestjs-tool-calling';
import {
  BadNameAppModule,
  BadOptionsAppModule,
  BadSchemaAppModule,
  BadStaticProvidersAppModule,
  DuplicateNamesAppModule,
  EverythingWrongAppModule,
  SeveralDuplicatesAppModule,
  UnnamedParameterAppModule,
  WarningsAppModule,
  deepProxyCalls,
} from './fixtures/bootstrap-errors.app';
import { CapturingLogger, startApp, startupError } from './fixtures/start-app';

const HEADER = 'ToolCallingModule cannot start: a problem with the tools of this application:\n';
const BAD_NAME =
  'BadNameTools.getWeather: invalid tool name "get weather": a tool name must match ^[a-zA-Z0-9_-]{1,64}$ ' +
  '(letters, digits, "_" and "-", 1 to 64 characters), as every supported model provider requires';
const UNNAMED_PARAMETER =
  "UnnamedParameterTools.search: the name of parameter #0 cannot be known for sure; name it with @ToolParam({ name: '…' })";
const BAD_SCHEMA = 'BadSchemaTools.echo: inputSchema must be a JSON Schema with type: "object"';

async function discoveryError(rootModule: Function): Promise<ToolDiscoveryError> {
  const error = await startupError(rootModule as never);
  expect(error).toBeInstanceOf(ToolDiscoveryError);
  expect(error.name).toBe('ToolDiscoveryError');
  return error as ToolDiscoveryError;
}

describe('ToolCallingModule refuses to start, naming every Class.method at fault', () => {
  it('on a tool name defined in two modules and in the options', async () => {
    const error = await discoveryError(DuplicateNamesAppModule);
    expect(error.message).toBe(
      HEADER +
        '- duplicate tool names: "lookup" is defined by FunctionToolCallback(lookup) from toolCallbacks[0] of the ' +
        'ToolCallingModule options, AlphaTools.lookup in AlphaModule, BetaTools.find in BetaModule',
    );
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toBeInstanceOf(DuplicateToolNameError);
    expect(error.sources).toEqual([
      'FunctionToolCallback(lookup) from toolCallbacks[0] of the ToolCallingModule options',
      'AlphaTools.lookup in AlphaModule',
      'BetaTools.find in BetaModule',
    ]);
  });

  it('on several duplicated names, each with all its sources, in the order the names were first met', async () => {
    const error = await discoveryError(SeveralDuplicatesAppModule);
    expect(error.message).toBe(
      HEADER +
        '- duplicate tool names: "plan" is defined by PlannerTools.plan in SeveralDuplicatesAppModule, ' +
        'AgendaTools.schedule in SeveralDuplicatesAppModule, DiaryTools.write in SeveralDuplicatesAppModule; ' +
        '"book" is defined by PlannerTools.book in SeveralDuplicatesAppModule, AgendaTools.reserve in ' +
        'SeveralDuplicatesAppModule',
    );
  });

  it('on an invalid tool name', async () => {
    const error = await discoveryError(BadNameAppModule);
    expect(error.message).toBe(`${HEADER}- ${BAD_NAME}`);
    expect(error.problems[0]).toBeInstanceOf(ToolDefinitionError);
    expect(error.sources).toEqual(['BadNameTools.getWeather']);
  });

  it('on a parameter whose name cannot be known', async () => {
    const error = await discoveryError(UnnamedParameterAppModule);
    expect(error.message).toBe(`${HEADER}- ${UNNAMED_PARAMETER}`);
    expect(error.sources).toEqual(['UnnamedParameterTools.search']);
  });

  it('on a schema that cannot be used', async () => {
    const error = await discoveryError(BadSchemaAppModule);
    expect(error.message).toBe(`${HEADER}- ${BAD_SCHEMA}`);
    expect(error.sources).toEqual(['BadSchemaTools.echo']);
  });

  it('with one error listing every problem when there are several', async () => {
    const error = await discoveryError(EverythingWrongAppModule);
    expect(error.message).toBe(
      'ToolCallingModule cannot start: 4 problems with the tools of this application:\n' +
        `- ${BAD_NAME}\n- ${UNNAMED_PARAMETER}\n- ${BAD_SCHEMA}\n` +
        '- duplicate tool names: "lookup" is defined by AlphaTools.lookup in AlphaModule, BetaTools.find in BetaModule',
    );
    expect(error.sources).toEqual([
      'BadNameTools.getWeather',
      'UnnamedParameterTools.search',
      'BadSchemaTools.echo',
      'AlphaTools.lookup in AlphaModule',
      'BetaTools.find in BetaModule',
    ]);
  });

  it('when a static ToolCallbackProvider fails, hangs, or returns something else than callbacks', async () => {
    const error = await discoveryError(BadStaticProvidersAppModule);
    expect(error.message).toBe(
      'ToolCallingModule cannot start: 3 problems with the tools of this application:\n' +
        '- ToolCallbackProvider FailingStaticProvider in BadStaticProvidersAppModule: getToolCallbacks() failed at ' +
        'bootstrap: the tool catalogue is unreadable\n' +
        '- ToolCallbackProvider HangingStaticProvider in BadStaticProvidersAppModule is static (isStatic: true) but ' +
        'did not return its callbacks within 1 ms at bootstrap; make it lazy (isStatic: false) so that it is asked ' +
        'per request, or raise staticProviderTimeoutMs\n' +
        '- ToolCallbackProvider WrongValuesStaticProvider in BadStaticProvidersAppModule: getToolCallbacks() returned ' +
        'a value at position 1 that is not a ToolCallback',
    );
    expect((error.problems[0] as ToolDefinitionError).cause).toEqual(
      new Error('the tool catalogue is unreadable'),
    );
  });

  it('on options it cannot use', async () => {
    const error = await discoveryError(BadOptionsAppModule);
    expect(error.message).toBe(
      'ToolCallingModule cannot start: 3 problems with the tools of this application:\n' +
        '- toolCallbacks[1] of the ToolCallingModule options is neither a ToolCallback nor a ToolCallbackProvider\n' +
        '- ToolCallingModule options: discovery must be true or false\n' +
        '- ToolCallingModule options: staticProviderTimeoutMs must be a positive number of milliseconds',
    );
  });
});

describe('ToolCallingModule warns and starts', () => {
  let warnings: string[];
  let tools: readonly ToolCallback[];

  beforeAll(async () => {
    const logger = new CapturingLogger();
    const app = await startApp(WarningsAppModule, logger);
    tools = app.get(ToolCallbackRegistry).getToolCallbacks();
    await app.close();
    warnings = logger.lines.filter((line) => line.level === 'warn').map((line) => line.message);
  });

  it('when a provider cannot be inspected and its class shows no tools, skipping it', () => {
    expect(warnings).toContain(
      'provider "REMOTE_OBJECT" in WarningsAppModule cannot be inspected for tools and is skipped: remote object: ' +
        'properties cannot be described',
    );
  });

  it('without mistaking a proxy that answers every property for a ToolCallback, or calling it', () => {
    expect(tools).toEqual([]);
    // Nest calls its lifecycle hooks on it; nothing of the tool contracts may be called.
    expect(deepProxyCalls).toContain('onModuleInit');
    const toolMethods = ['getToolDefinition', 'getToolMetadata', 'call', 'getToolCallbacks'];
    expect(deepProxyCalls.filter((key) => toolMethods.includes(key))).toEqual([]);
  });
});
