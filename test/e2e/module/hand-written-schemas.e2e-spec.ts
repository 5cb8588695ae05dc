import {
  ChatClient,
  StaticToolCallbackProvider,
  ToolDefinitionError,
  ToolDiscoveryError,
  type ToolCallbackProvider,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  BAD_KEYWORD_SCHEMA,
  BadCallbackSchemasAppModule,
  SchemaCallback,
} from './fixtures/spring-parity.app';
import { startupError } from './fixtures/start-app';

const NOT_OBJECT = 'inputSchema must be a JSON Schema with type: "object"';
const BAD_TYPE =
  'invalid input JSON Schema: schema is invalid: data/properties/a/type must be equal to one of the ' +
  'allowed values, data/properties/a/type must be array, ' +
  'data/properties/a/type must match a schema in anyOf';

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

describe("a hand-written callback's input schema is checked where the callback enters", () => {
  const model = () => new ScriptedChatModel(['unused']);

  it('when attached to a client: a non-object root, naming the callback', () => {
    const error = thrown(() =>
      ChatClient.create(model(), { toolCallbacks: [new SchemaCallback('lister', { type: 'array' })] }),
    );
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe(`SchemaCallback(lister): ${NOT_OBJECT}`);
    expect((error as ToolDefinitionError).source).toBe('SchemaCallback(lister)');
  });

  it('when attached to a request: an invalid keyword, in the words of the JSON Schema check', () => {
    const chat = ChatClient.create(model());
    const error = thrown(() =>
      chat.prompt('go').toolCallbacks(new SchemaCallback('typo', BAD_KEYWORD_SCHEMA)),
    );
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe(`SchemaCallback(typo): ${BAD_TYPE}`);
  });

  it('when a provider hands it out for a request: the call fails before the model is asked', async () => {
    const provider: ToolCallbackProvider = {
      getToolCallbacks: () => [new SchemaCallback('from_provider', 'not a schema')],
    };
    const scripted = model();
    const error = await ChatClient.create(scripted, { toolCallbacks: [provider] })
      .prompt('go')
      .call()
      .content()
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect((error as Error).message).toBe(`SchemaCallback(from_provider): ${NOT_OBJECT}`);
    expect(scripted.requests).toHaveLength(0);
  });

  it('accepts a valid schema, a draft-07 one (as zod and MCP servers write them) included', async () => {
    const draft07 = new SchemaCallback('draft07', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { q: { type: 'string' } },
    });
    const scripted = new ScriptedChatModel([
      { toolCalls: [{ name: 'draft07', arguments: { q: 'x' } }] },
      'ok',
    ]);
    const answer = await ChatClient.create(scripted, {
      toolCallbacks: [new StaticToolCallbackProvider([draft07])],
    })
      .prompt('go')
      .call()
      .content();
    expect(answer).toBe('ok');
  });

  it('at startup: a discovered callback and an options entry stop the application, each named', async () => {
    const error = await startupError(BadCallbackSchemasAppModule);
    expect(error).toBeInstanceOf(ToolDiscoveryError);
    expect(error.message).toBe(
      'ToolCallingModule cannot start: 2 problems with the tools of this application:\n' +
        `- SchemaCallback(option_bad) from toolCallbacks[0] of the ToolCallingModule options: ${NOT_OBJECT}\n` +
        '- DiscoveredBadSchemaCallback(discovered_bad) (provider DiscoveredBadSchemaCallback in ' +
        `BadCallbackSchemasAppModule): ${BAD_TYPE}`,
    );
  });
});
