import { ToolDefinitionError, ToolDiscoveryError } from 'nestjs-tool-calling';
import { FunctionReturningAppModule } from './fixtures/spring-parity.app';
import { startupError } from './fixtures/start-app';

const HEADER = 'ToolCallingModule cannot start: a problem with the tools of this application:\n';

async function discoveryError(rootModule: Function): Promise<ToolDiscoveryError> {
  const error = await startupError(rootModule as never);
  expect(error).toBeInstanceOf(ToolDiscoveryError);
  return error as ToolDiscoveryError;
}

describe('ToolCallingModule refuses at startup what Spring AI leaves out or fails on later', () => {
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
