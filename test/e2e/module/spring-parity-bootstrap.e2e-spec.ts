import { ToolCallbackRegistry, ToolDefinitionError, ToolDiscoveryError } from 'nestjs-tool-calling';
import {
  ArrayOfToolsAppModule,
  FunctionReturningAppModule,
  FunctionTakingArgumentsAppModule,
  MixedArrayAppModule,
  ScopedToolProviderAppModule,
  UninspectableToolsAppModule,
} from './fixtures/spring-parity.app';
import { startApp, startupError } from './fixtures/start-app';

const HEADER = 'ToolCallingModule cannot start: a problem with the tools of this application:\n';

async function discoveryError(rootModule: Function): Promise<ToolDiscoveryError> {
  const error = await startupError(rootModule as never);
  expect(error).toBeInstanceOf(ToolDiscoveryError);
  return error as ToolDiscoveryError;
}

describe('ToolCallingModule refuses at startup what Spring AI leaves out or fails on later', () => {
  it('a function provided under a tool name that takes arguments (it would become a tool without input)', async () => {
    const error = await discoveryError(FunctionTakingArgumentsAppModule);
    expect(error.message).toBe(
      `${HEADER}- the provider "greet" is a function that takes arguments, but a function registered under a tool ` +
        'name becomes a tool without input; register a FunctionToolCallback (with input, inputType or ' +
        'inputSchema) instead, or, if it is not a tool, provide it under a token that is not a tool name (a ' +
        'Symbol, or a string with a character other than letters, digits, "_" and "-")',
    );
    expect(error.problems[0]).toBeInstanceOf(ToolDefinitionError);
    expect(error.sources).toEqual(['greet']);
  });

  it('a @Tool method that returns a function (Spring AI skips it; here every call would fail)', async () => {
    const error = await discoveryError(FunctionReturningAppModule);
    expect(error.message).toBe(
      `${HEADER}- FunctionReturningTools.formatter returns a function, which cannot be a tool result: a model can ` +
        "only be sent text. Return the function's result instead, or remove @Tool() (Spring AI leaves such " +
        'methods out)',
    );
    expect(error.problems[0]).toBeInstanceOf(ToolDefinitionError);
    expect(error.sources).toEqual(['FunctionReturningTools.formatter']);
  });
});

describe('a provider that offers tools is never dropped silently', () => {
  it('a request-scoped ToolCallbackProvider is refused, naming it (its tools cannot be listed at startup)', async () => {
    const error = await discoveryError(ScopedToolProviderAppModule);
    expect(error.message).toBe(
      `${HEADER}- provider RequestScopedToolProvider in ScopedToolProviderAppModule is request-scoped or ` +
        'transient (or depends on such a provider), so its ToolCallback or ToolCallbackProvider cannot be listed ' +
        'at startup; give it the default scope (a ToolCallbackProvider may still return other callbacks on each ' +
        'call), or declare its tools as @Tool methods, which are resolved per request on a scoped provider',
    );
    expect(error.problems[0]).toBeInstanceOf(ToolDefinitionError);
    expect(error.sources).toEqual(['provider RequestScopedToolProvider in ScopedToolProviderAppModule']);
  });

  it('a provider whose class declares tools but whose instance cannot be inspected is refused, naming it', async () => {
    const error = await discoveryError(UninspectableToolsAppModule);
    expect(error.message).toBe(
      `${HEADER}- provider GuardedTools in UninspectableToolsAppModule declares tools but cannot be inspected ` +
        '(this proxy does not describe itself), so its tools cannot be registered; provide an instance that ' +
        'can be inspected',
    );
    expect(error.sources).toEqual(['provider GuardedTools in UninspectableToolsAppModule']);
  });

  it('an array of ToolCallbacks and ToolCallbackProviders provided as one value: each is registered', async () => {
    const app = await startApp(ArrayOfToolsAppModule);
    const registry = app.get(ToolCallbackRegistry);
    const names = registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name);
    await app.close();
    expect(names).toEqual(expect.arrayContaining(['array_echo', 'array_provided']));
  });

  it('an array mixing tools with other values is refused, naming the position', async () => {
    const error = await discoveryError(MixedArrayAppModule);
    expect(error.message).toBe(
      `${HEADER}- provider "ARRAY_TOOLS" in MixedArrayAppModule is an array of tools, but its value at position 1 ` +
        'is neither a ToolCallback nor a ToolCallbackProvider',
    );
  });
});
