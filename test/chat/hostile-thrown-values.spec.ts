import { ChatClient, FunctionToolCallback, type ToolResponse } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

function tool(name: string, fn: () => unknown): FunctionToolCallback {
  return FunctionToolCallback.from({ name, fn });
}

/** Runs one round calling `callback`, and returns the result the model received. */
async function resultSent(callback: FunctionToolCallback): Promise<ToolResponse> {
  const name = callback.getToolDefinition().name;
  const model = new ScriptedChatModel([{ toolCalls: [{ name }] }, 'recovered']);
  const answer = await ChatClient.create(model, { toolCallbacks: [callback] })
    .prompt('go')
    .call()
    .content();
  expect(answer).toBe('recovered');
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  return (message as { responses: readonly ToolResponse[] }).responses[0];
}

const hostile = () => ({
  toString() {
    throw new TypeError('toString refused');
  },
});

describe('whatever a tool throws, the model gets an error result and the call goes on', () => {
  it('an object whose toString throws', async () => {
    const response = await resultSent(
      tool('hostile', () => {
        throw hostile();
      }),
    );
    expect(response).toMatchObject({ isError: true, result: 'a thrown Object that cannot be shown' });
  });

  it('an error whose message getter throws', async () => {
    const error = new Error('x');
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('no message for you');
      },
    });
    const response = await resultSent(
      tool('getter', () => {
        throw error;
      }),
    );
    expect(response).toMatchObject({ isError: true, result: 'a thrown Error that cannot be shown' });
  });

  it('a revoked proxy', async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const response = await resultSent(
      tool('revoked', () => {
        throw proxy;
      }),
    );
    expect(response).toMatchObject({ isError: true, result: 'a thrown object that cannot be shown' });
  });

  it('a result whose toJSON throws such an object', async () => {
    const response = await resultSent(
      tool('unserialisable', () => ({
        toJSON() {
          throw hostile();
        },
      })),
    );
    expect(response).toMatchObject({
      isError: true,
      result:
        'the result of tool "unserialisable" cannot be converted to JSON: a thrown Object that cannot be shown',
    });
  });

  it('a plain object with a message says its message', async () => {
    const response = await resultSent(
      tool('plain', () => {
        throw { message: 'the quota is spent' };
      }),
    );
    expect(response).toMatchObject({ isError: true, result: 'the quota is spent' });
  });
});
