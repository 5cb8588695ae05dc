import {
  ChatClient,
  FunctionToolCallback,
  InvalidToolInputError,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { INPUT_STYLES, toolNameOf } from '../reliability/support/input-styles';

const POLLUTING = '{"constructor":{"prototype":{"polluted":true}}}';

/** What a careless tool does with its input: a recursive merge that follows every key. */
function naiveMerge(target: any, source: any): any {
  for (const key of Object.keys(source)) {
    if (typeof source[key] === 'object' && source[key] !== null) {
      target[key] ??= {};
      naiveMerge(target[key], source[key]);
    } else target[key] = source[key];
  }
  return target;
}

const settings = FunctionToolCallback.from({
  name: 'update_settings',
  // A literal schema that lets anything through: the tool's merge is what the refusal protects.
  inputSchema: { type: 'object' },
  fn: (input: object) => JSON.stringify(naiveMerge({}, input)),
});

afterEach(() => {
  delete (Object.prototype as any).polluted;
});

describe('{"constructor":{"prototype":…}} is refused like __proto__', () => {
  it('before a tool with a permissive literal schema can merge it into Object.prototype', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'update_settings', arguments: `{"theme":"dark","nested":${POLLUTING}}` }] },
      'done',
    ]);
    await ChatClient.create(model, { toolCallbacks: [settings] })
      .prompt('go')
      .call()
      .content();
    const message = model.requests[1].messages.find((m) => m.role === 'tool');
    expect((message as { responses: readonly ToolResponse[] }).responses[0]).toMatchObject({
      isError: true,
      result:
        'Invalid arguments for tool "update_settings": nested.constructor.prototype: this property name is not ' +
        'allowed. Correct the arguments and call the tool again.',
    });
    expect(({} as any).polluted).toBeUndefined();
  });

  it.each(INPUT_STYLES.map((style) => [style.label, style] as const))(
    'by a tool with %s',
    async (_, style) => {
      const error = await style.callback.call(POLLUTING).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidToolInputError);
      expect((error as Error).message).toBe(
        `Invalid arguments for tool "${toolNameOf(style)}": constructor.prototype: this property name is not ` +
          'allowed. Correct the arguments and call the tool again.',
      );
    },
  );

  it('while a property called constructor that holds no prototype is left to the schema', async () => {
    const echo = FunctionToolCallback.from({
      name: 'echo',
      inputSchema: { type: 'object' },
      fn: (input: object) => JSON.stringify(input),
    });
    const json = '{"constructor":"Ford","model":{"constructor":{"year":1908}}}';
    await expect(echo.call(json)).resolves.toBe(json);
  });
});
