import {
  ChatClient,
  DefaultToolExecutionExceptionProcessor,
  FunctionToolCallback,
  NoSuchToolError,
  ToolExecutionError,
  ToolTimeoutError,
  type ToolCallHooks,
  type ToolContext,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { z } from 'zod';
import { WeatherTools, deferred, nextTurn, noInputTool, toolsWaitingForEachOther } from './fixtures';

/** The tool results the model received in its second request. */
function resultsSent(model: ScriptedChatModel, request = 1): readonly ToolResponse[] {
  const message = model.requests[request].messages.find((m) => m.role === 'tool');
  if (!message || message.role !== 'tool') throw new Error('no tool message in that request');
  return message.responses;
}

function calling(...names: string[]) {
  return { toolCalls: names.map((name) => ({ name })) };
}

describe('tool execution', () => {
  describe('concurrency', () => {
    it('runs the calls of one response in parallel: two tools that each wait for the other both finish', async () => {
      const [a, b] = toolsWaitingForEachOther();
      const model = new ScriptedChatModel([calling('a', 'b'), 'done']);
      await ChatClient.create(model, { toolCallbacks: [a, b] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model).map((r) => r.result)).toEqual(['A', 'B']);
    });

    it('returns the results in call order, whatever order they finish in', async () => {
      const release = deferred();
      const slow = noInputTool('slow', async () => {
        await release.promise;
        return 'slow';
      });
      const fast = noInputTool('fast', () => {
        release.resolve();
        return 'fast';
      });
      const model = new ScriptedChatModel([calling('slow', 'fast'), 'done']);
      await ChatClient.create(model, { toolCallbacks: [slow, fast] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model).map((r) => r.name)).toEqual(['slow', 'fast']);
    });

    it.each([
      [2, 2],
      [8, 3],
    ])(
      'caps the calls running at once (maxConcurrency %i → at most %i of 3)',
      async (maxConcurrency, expected) => {
        let running = 0;
        let most = 0;
        const tool = (name: string) =>
          noInputTool(name, async () => {
            running++;
            most = Math.max(most, running);
            await nextTurn();
            running--;
            return name;
          });
        const model = new ScriptedChatModel([calling('a', 'b', 'c'), 'done']);
        const chat = ChatClient.create(
          model,
          { toolCallbacks: [tool('a'), tool('b'), tool('c')] },
          { toolCallingManager: { limits: { maxConcurrency } } },
        );
        await chat.prompt('go').call().content();
        expect(most).toBe(expected);
        expect(resultsSent(model).map((r) => r.result)).toEqual(['a', 'b', 'c']);
      },
    );

    it('runs a sequential tool alone: after the calls before it, before the calls after it', async () => {
      const log: string[] = [];
      const tool = (name: string, sequential = false) =>
        noInputTool(
          name,
          async () => {
            log.push(`${name}:start`);
            await nextTurn();
            log.push(`${name}:end`);
            return name;
          },
          { sequential },
        );
      const model = new ScriptedChatModel([calling('p1', 'p2', 'seq', 'p3'), 'done']);
      const chat = ChatClient.create(model, {
        toolCallbacks: [tool('p1'), tool('p2'), tool('seq', true), tool('p3')],
      });
      await chat.prompt('go').call().content();
      expect(log).toEqual([
        'p1:start',
        'p2:start',
        'p1:end',
        'p2:end',
        'seq:start',
        'seq:end',
        'p3:start',
        'p3:end',
      ]);
    });
  });

  describe('timeouts and abort', () => {
    it('ends a call that takes too long with an error result, and aborts its signal', async () => {
      let seen: AbortSignal | undefined;
      const never = noInputTool(
        'never',
        (context) => {
          seen = context.signal;
          return new Promise(() => undefined);
        },
        { timeoutMs: 20 },
      );
      const model = new ScriptedChatModel([calling('never'), 'gave up']);
      await ChatClient.create(model, { toolCallbacks: [never] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model)).toEqual([
        {
          id: 'call_1_1',
          name: 'never',
          result: 'Tool "never" did not finish within 20 ms and was cancelled.',
          isError: true,
        },
      ]);
      expect(seen?.aborted).toBe(true);
      expect(seen?.reason).toBeInstanceOf(ToolTimeoutError);
      expect(seen?.reason).toMatchObject({ toolName: 'never', timeoutMs: 20 });
    });

    it('applies the manager default timeout to tools without their own', async () => {
      const never = noInputTool('never', () => new Promise(() => undefined));
      const model = new ScriptedChatModel([calling('never'), 'gave up']);
      const chat = ChatClient.create(
        model,
        { toolCallbacks: [never] },
        { toolCallingManager: { limits: { toolTimeoutMs: 20 } } },
      );
      await chat.prompt('go').call().content();
      expect(resultsSent(model)[0].result).toBe(
        'Tool "never" did not finish within 20 ms and was cancelled.',
      );
    });

    it('stops the loop when the request is aborted during a round: the tool sees the abort, the model is not called again', async () => {
      const controller = new AbortController();
      let toolSawAbort: unknown;
      const waits = noInputTool(
        'waits',
        (context) =>
          new Promise((_resolve, reject) => {
            context.signal!.addEventListener('abort', () => {
              toolSawAbort = context.signal!.reason;
              reject(context.signal!.reason);
            });
            controller.abort();
          }),
      );
      const model = new ScriptedChatModel([calling('waits'), 'never sent']);
      const call = ChatClient.create(model, { toolCallbacks: [waits] })
        .prompt('go')
        .signal(controller.signal)
        .call()
        .content();
      await expect(call).rejects.toThrow('This operation was aborted');
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      expect(toolSawAbort).toBe(controller.signal.reason);
      expect(model.requests).toHaveLength(1);
    });

    it('does not wait for a tool that ignores the abort', async () => {
      const controller = new AbortController();
      const deaf = noInputTool('deaf', () => {
        controller.abort(new Error('user left'));
        return new Promise(() => undefined);
      });
      const model = new ScriptedChatModel([calling('deaf'), 'never sent']);
      const call = ChatClient.create(model, { toolCallbacks: [deaf] })
        .prompt('go')
        .signal(controller.signal)
        .call()
        .content();
      await expect(call).rejects.toThrow('user left');
      expect(model.requests).toHaveLength(1);
    });

    it('aborts the model request itself, and sends nothing when aborted before the call', async () => {
      const controller = new AbortController();
      const started = deferred();
      const model = new ScriptedChatModel(() => {
        started.resolve();
        return new Promise(() => undefined);
      });
      const chat = ChatClient.create(model);
      const call = chat.prompt('go').signal(controller.signal).call().content();
      await started.promise;
      controller.abort();
      await expect(call).rejects.toThrow('This operation was aborted');

      const before = model.requests.length;
      await expect(chat.prompt('go').signal(controller.signal).call().content()).rejects.toThrow(
        'This operation was aborted',
      );
      expect(model.requests).toHaveLength(before);
    });
  });

  describe('failures go to the model', () => {
    const weatherModel = (args: string) =>
      new ScriptedChatModel([{ toolCalls: [{ name: 'get_weather', arguments: args }] }, 'ok']);

    it('answers a name the model invents with the list of available tools', async () => {
      const model = new ScriptedChatModel([calling('__proto__', 'constructor', 'toString'), 'ok']);
      await ChatClient.create(model, { tools: [new WeatherTools()] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model).map((r) => [r.result, r.isError])).toEqual(
        ['__proto__', 'constructor', 'toString'].map((name) => [
          `Unknown tool "${name}". The available tools are: "get_weather", "getAirQuality". Call one of them, or ` +
            'answer without a tool.',
          true,
        ]),
      );
    });

    it('says so when no tool at all is attached', async () => {
      const model = new ScriptedChatModel([calling('anything'), 'ok']);
      await ChatClient.create(model).prompt('go').call().content();
      expect(resultsSent(model)[0].result).toBe(
        'Unknown tool "anything". No tools are available in this conversation: answer without calling a tool.',
      );
    });

    it('answers invalid JSON with what is wrong', async () => {
      const model = weatherModel('{"city": ');
      await ChatClient.create(model, { tools: [new WeatherTools()] })
        .prompt('go')
        .call()
        .content();
      const [result] = resultsSent(model);
      expect(result.isError).toBe(true);
      expect(result.result).toMatch(
        /^Invalid arguments for tool "get_weather": the arguments are not valid JSON \(.+\)\. Correct the arguments and call the tool again\.$/,
      );
    });

    it('answers invalid arguments with every problem', async () => {
      const weather = new WeatherTools();
      const model = weatherModel('{"town": "Paris"}');
      await ChatClient.create(model, { tools: [weather] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model)[0]).toEqual({
        id: 'call_1_1',
        name: 'get_weather',
        result:
          'Invalid arguments for tool "get_weather": city: is required but missing; town: is not an accepted ' +
          'property (accepted: city). Correct the arguments and call the tool again.',
        isError: true,
      });
      expect(weather.cities).toEqual([]);
    });

    it('sends the message of an error the tool throws', async () => {
      const failing = FunctionToolCallback.from({
        name: 'book',
        input: z.object({ flight: z.string() }),
        fn: () => {
          throw new RangeError('flight LH 400 is full');
        },
      });
      const model = new ScriptedChatModel([
        { toolCalls: [{ name: 'book', arguments: { flight: 'LH400' } }] },
        'sorry',
      ]);
      await ChatClient.create(model, { toolCallbacks: [failing] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model)[0]).toEqual({
        id: 'call_1_1',
        name: 'book',
        result: 'flight LH 400 is full',
        isError: true,
      });
    });

    it('handles a hand-written callback that throws synchronously or throws a non-Error', async () => {
      const definition = (name: string) => ({ name, description: name, inputSchema: { type: 'object' } });
      const sync = {
        getToolDefinition: () => definition('sync'),
        getToolMetadata: () => ({ returnDirect: false }),
        call: (): Promise<string> => {
          throw new Error('thrown synchronously');
        },
      };
      const odd = {
        getToolDefinition: () => definition('odd'),
        getToolMetadata: () => ({ returnDirect: false }),
        call: () => Promise.reject('a plain string'),
      };
      const model = new ScriptedChatModel([calling('sync', 'odd'), 'ok']);
      await ChatClient.create(model, { toolCallbacks: [sync, odd] })
        .prompt('go')
        .call()
        .content();
      expect(resultsSent(model).map((r) => r.result)).toEqual(['thrown synchronously', 'a plain string']);
    });

    it('rethrows instead when the exception processor is configured to', async () => {
      const failing = noInputTool('failing', () => {
        throw new RangeError('out of range');
      });
      const alwaysThrow = ChatClient.create(
        new ScriptedChatModel([calling('failing')]),
        { toolCallbacks: [failing] },
        {
          toolCallingManager: {
            exceptionProcessor: new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true }),
          },
        },
      );
      const thrown = alwaysThrow.prompt('go').call().content();
      await expect(thrown).rejects.toThrow(ToolExecutionError);
      await expect(thrown).rejects.toThrow('out of range');

      const byClass = ChatClient.create(
        new ScriptedChatModel([calling('failing')]),
        { toolCallbacks: [failing] },
        {
          toolCallingManager: {
            exceptionProcessor: new DefaultToolExecutionExceptionProcessor({ rethrow: [RangeError] }),
          },
        },
      );
      await expect(byClass.prompt('go').call().content()).rejects.toThrow(RangeError);

      const unknown = ChatClient.create(
        new ScriptedChatModel([calling('invented')]),
        {},
        {
          toolCallingManager: {
            exceptionProcessor: new DefaultToolExecutionExceptionProcessor({ alwaysThrow: true }),
          },
        },
      );
      const unknownCall = unknown.prompt('go').call().content();
      await expect(unknownCall).rejects.toThrow(NoSuchToolError);
      await expect(unknownCall).rejects.toThrow(
        'Unknown tool "invented". No tools are available in this conversation: answer without calling a tool.',
      );
    });
  });

  describe('hooks', () => {
    const script = () =>
      new ScriptedChatModel([{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }, 'ok']);

    it('lets a before hook allow, and shows it the call, the tool and the context', async () => {
      const weather = new WeatherTools();
      const seen: unknown[] = [];
      const hooks: ToolCallHooks = {
        beforeToolCall: ({ toolCall, toolDefinition, context, round }) => {
          seen.push([toolCall.arguments, toolDefinition.name, context.get('tenantId'), round]);
          return { action: 'allow' };
        },
      };
      await ChatClient.create(script(), { tools: [weather], hooks })
        .prompt('go')
        .toolContext({ tenantId: 't1' })
        .call()
        .content();
      expect(seen).toEqual([['{"city":"Paris"}', 'get_weather', 't1', 1]]);
      expect(weather.cities).toEqual(['Paris']);
    });

    it('lets a before hook deny, with its message for the model or a default one', async () => {
      for (const [decision, text] of [
        [
          { action: 'deny', message: 'Weather is not available for your plan.' },
          'Weather is not available for your plan.',
        ],
        [{ action: 'deny' }, 'The call to tool "get_weather" was denied.'],
      ] as const) {
        const weather = new WeatherTools();
        const model = script();
        await ChatClient.create(model, { tools: [weather] })
          .prompt('go')
          .hooks({ beforeToolCall: () => decision })
          .call()
          .content();
        expect(weather.cities).toEqual([]);
        expect(resultsSent(model)[0]).toEqual({
          id: 'call_1_1',
          name: 'get_weather',
          result: text,
          isError: true,
        });
      }
    });

    it('lets a before hook rewrite the arguments; the conversation keeps what the model sent', async () => {
      const weather = new WeatherTools();
      const model = script();
      await ChatClient.create(model, { tools: [weather] })
        .prompt('go')
        .hooks({ beforeToolCall: () => ({ action: 'rewrite', arguments: { city: 'Rome' } }) })
        .call()
        .content();
      expect(weather.cities).toEqual(['Rome']);
      expect(resultsSent(model)[0].result).toBe('Rome: sunny, 25°C');
      const assistant = model.requests[1].messages[1];
      expect(assistant.role === 'assistant' && assistant.toolCalls[0].arguments).toBe('{"city":"Paris"}');
    });

    it('lets an after hook see the outcome and replace what the model receives', async () => {
      const seen: unknown[] = [];
      const model = script();
      await ChatClient.create(model, { tools: [new WeatherTools()] })
        .prompt('go')
        .hooks({
          afterToolCall: ({ arguments: args, toolResponse }) => {
            seen.push([args, toolResponse.result]);
            return { result: toolResponse.result.replace('25°C', '[redacted]') };
          },
        })
        .call()
        .content();
      expect(seen).toEqual([['{"city":"Paris"}', 'Paris: sunny, 25°C']]);
      expect(resultsSent(model)[0]).toMatchObject({ result: 'Paris: sunny, [redacted]', isError: false });
    });

    it('runs the manager hooks, then the client defaults, then the request; the first deny wins', async () => {
      const order: string[] = [];
      const hook = (name: string, deny = false): ToolCallHooks => ({
        beforeToolCall: () => {
          order.push(`before:${name}`);
          return deny ? { action: 'deny' } : undefined;
        },
        afterToolCall: () => {
          order.push(`after:${name}`);
        },
      });
      const chat = ChatClient.create(
        script(),
        { tools: [new WeatherTools()], hooks: hook('client') },
        { toolCallingManager: { hooks: [hook('manager')] } },
      );
      await chat.prompt('go').hooks(hook('request', true)).hooks(hook('late')).call().content();
      expect(order).toEqual([
        'before:manager',
        'before:client',
        'before:request',
        'after:manager',
        'after:client',
        'after:request',
        'after:late',
      ]);
    });

    it('fails the call when a hook throws', async () => {
      const call = ChatClient.create(script(), { tools: [new WeatherTools()] })
        .prompt('go')
        .hooks({
          beforeToolCall: () => {
            throw new Error('approval service down');
          },
        })
        .call()
        .content();
      await expect(call).rejects.toThrow('approval service down');
    });
  });

  it('never hands the tool context to the model, not even through a tool error', async () => {
    const leaky = noInputTool('leaky', (context: ToolContext) => {
      throw new Error(`failed for ${String(context)}`);
    });
    const model = new ScriptedChatModel([calling('leaky'), 'ok']);
    await ChatClient.create(model, { toolCallbacks: [leaky] })
      .prompt('go')
      .toolContext({ token: 'tok-4d1e' })
      .call()
      .content();
    expect(resultsSent(model)[0].result).toBe('failed for ToolContext(1 keys)');
    expect(JSON.stringify(model.requests)).not.toContain('tok-4d1e');
  });
});
