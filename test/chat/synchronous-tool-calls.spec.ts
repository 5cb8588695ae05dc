import {
  ChatClient,
  MethodToolCallback,
  Tool,
  ToolParam,
  ToolTimeoutError,
  type ToolContext,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { noInputTool } from './fixtures';

/** The tool results the model received in its second request. */
function resultsSent(model: ScriptedChatModel): readonly ToolResponse[] {
  const message = model.requests[1].messages.find((m) => m.role === 'tool');
  if (!message || message.role !== 'tool') throw new Error('no tool message in that request');
  return message.responses;
}

function calling(...names: string[]) {
  return { toolCalls: names.map((name) => ({ name })) };
}

// A call that completes synchronously runs without a promise, timer or listener of its own: these show that it
// still sees what a call that awaits sees.
describe('synchronous tool calls', () => {
  it('hand the tool a signal that is not aborted, and one per call', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const look = noInputTool('look', (context: ToolContext) => {
      signals.push(context.signal);
      return `seen ${signals.length}`;
    });
    const model = new ScriptedChatModel([calling('look', 'look'), 'done']);
    await ChatClient.create(model, { toolCallbacks: [look] })
      .prompt('go')
      .call()
      .content();
    expect(resultsSent(model).map((r) => r.result)).toEqual(['seen 1', 'seen 2']);
    expect(signals.map((signal) => signal?.aborted)).toEqual([false, false]);
    expect(signals[0]).not.toBe(signals[1]);
  });

  it.each([
    ['alone', ['stop']],
    ['beside another call', ['stop', 'other']],
  ])(
    'end the chat call with the abort reason when the request is aborted while the tool runs (%s)',
    async (_case, names) => {
      const controller = new AbortController();
      const reason = new Error('user left');
      let kept: ToolContext | undefined;
      const stop = noInputTool('stop', (context) => {
        kept = context;
        controller.abort(reason);
        return 'stopped';
      });
      const other = noInputTool('other', () => 'other');
      const model = new ScriptedChatModel([calling(...names), 'never sent']);
      const call = ChatClient.create(model, { toolCallbacks: [stop, other] })
        .prompt('go')
        .signal(controller.signal)
        .call()
        .content();
      await expect(call).rejects.toBe(reason);
      expect(model.requests).toHaveLength(1);
      // Its signal, read after the call, shows the abort.
      expect(kept?.signal?.aborted).toBe(true);
      expect(kept?.signal?.reason).toBe(reason);
    },
  );

  it('count the time limit of an asynchronous tool from the start of its call, synchronous part included', async () => {
    const slowStart = noInputTool(
      'slowStart',
      (context) => {
        const until = Date.now() + 40;
        while (Date.now() < until) {
          // the synchronous part of the call takes longer than its limit
        }
        return new Promise((resolve) => {
          const timer = setTimeout(() => resolve('late'), 10);
          context.signal?.addEventListener('abort', () => clearTimeout(timer));
        });
      },
      { timeoutMs: 20 },
    );
    const model = new ScriptedChatModel([calling('slowStart'), 'done']);
    await ChatClient.create(model, { toolCallbacks: [slowStart] })
      .prompt('go')
      .call()
      .content();
    expect(resultsSent(model)[0]).toMatchObject({
      isError: true,
      result: new ToolTimeoutError('slowStart', 20).message,
    });
  });

  describe('a method tool without a ToolContext parameter', () => {
    class Echo {
      @Tool({ description: 'Echoes the text' })
      echo(@ToolParam() text: string): string {
        return `echo ${text}`;
      }
    }

    /** Runs the method inside something, as Nest's enhancers do: it sees the context of each call. */
    class Wrapped extends MethodToolCallback {
      readonly seen: ToolContext[] = [];
      protected override invokeMethod(
        target: object,
        args: unknown[],
        context: ToolContext,
        input: Record<string, unknown>,
      ): unknown {
        this.seen.push(context);
        return super.invokeMethod(target, args, context, input);
      }
    }

    it('answers as any tool, and a subclass that runs the method still gets each call its own context', async () => {
      const plain = MethodToolCallback.from(new Echo(), 'echo');
      const wrapped = new Wrapped({ target: new Echo(), methodName: 'echo' });
      for (const callback of [plain, wrapped]) {
        const model = new ScriptedChatModel([
          { toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"hi"}' }] },
          'done',
        ]);
        await ChatClient.create(model, { toolCallbacks: [callback] })
          .prompt('go')
          .call()
          .content();
        expect(resultsSent(model)[0]).toMatchObject({ result: 'echo hi', isError: false });
      }
      expect(wrapped.seen).toHaveLength(1);
      expect(wrapped.seen[0]).toMatchObject({ toolName: 'echo', toolCallId: 'c1' });
      expect(wrapped.seen[0].signal?.aborted).toBe(false);
    });
  });
});
