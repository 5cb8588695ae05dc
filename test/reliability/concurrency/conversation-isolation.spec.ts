/** @jest-environment ./test/reliability/support/host-process.environment.js */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ChatClient,
  FunctionToolCallback,
  Tool,
  ToolContext,
  ToolParam,
  type Prompt,
} from 'nestjs-tool-calling';
import { ScriptedChatModel, type ScriptedResponse } from 'nestjs-tool-calling/testing';
import { installProcessGuard } from '../support/process-guard';
import { Rendezvous } from '../support/rendezvous';

const guard = installProcessGuard();

const CONVERSATIONS = 1_000;

/** What a tool saw: the conversation the model named in the arguments, and what its context held. */
interface Sighting {
  readonly tool: string;
  readonly conversation: number;
  readonly userId: unknown;
  readonly secret: unknown;
  readonly toolName: string | undefined;
  readonly scope: object | undefined;
}

class AccountTools {
  readonly sightings: Sighting[] = [];

  constructor(private readonly firstRound: Rendezvous) {}

  @Tool({ description: 'Balance of the account the conversation is about' })
  async balance(
    @ToolParam({ description: 'Conversation number' }) conversation: number,
    context: ToolContext,
  ) {
    // The first balance call of every conversation waits here until all of them are running.
    if (this.firstRound.count < CONVERSATIONS) await this.firstRound.arrive();
    this.sightings.push(sighting('balance', conversation, context));
    return `balance of #${conversation}: 100`;
  }
}

function sighting(tool: string, conversation: number, context: ToolContext): Sighting {
  return {
    tool,
    conversation,
    userId: context.get('userId'),
    secret: context.get('secret'),
    toolName: context.toolName,
    scope: context.execution?.conversation,
  };
}

/** Round 1: balance and history in parallel; round 2: balance again; then the answer. */
function script(prompt: Prompt): ScriptedResponse {
  const first = prompt.messages[0];
  const conversation = Number(first.role === 'user' ? first.content.replace('conversation ', '') : NaN);
  const toolRounds = prompt.messages.filter((message) => message.role === 'tool').length;
  if (toolRounds === 0) {
    return {
      toolCalls: [
        { name: 'balance', arguments: { conversation } },
        { name: 'history', arguments: { conversation } },
      ],
    };
  }
  if (toolRounds === 1) return { toolCalls: [{ name: 'balance', arguments: { conversation } }] };
  return `answer for #${conversation}`;
}

describe(`${CONVERSATIONS} conversations in flight at once, each with its own ToolContext`, () => {
  const firstRound = new Rendezvous(CONVERSATIONS);
  const accounts = new AccountTools(firstRound);
  const historySightings: Sighting[] = [];
  const history = FunctionToolCallback.from({
    name: 'history',
    description: 'Recent transactions',
    input: z.object({ conversation: z.number().int() }),
    fn: ({ conversation }, context: ToolContext) => {
      historySightings.push(sighting('history', conversation, context));
      return `history of #${conversation}: empty`;
    },
  });
  const model = new ScriptedChatModel(script);
  const chat = ChatClient.create(model, { tools: [accounts], toolCallbacks: [history] });
  const contexts = Array.from({ length: CONVERSATIONS }, () => ({
    userId: `ctx-user-${randomUUID()}`,
    secret: `ctx-secret-${randomUUID()}`,
  }));
  let answers: string[];

  beforeAll(async () => {
    answers = await Promise.all(
      contexts.map((context, n) => chat.prompt(`conversation ${n}`).toolContext(context).call().content()),
    );
  }, 30_000);

  it('answers every conversation with its own answer, after all of them had a tool call running', () => {
    expect(firstRound.count).toBe(CONVERSATIONS);
    expect(answers).toEqual(contexts.map((_, n) => `answer for #${n}`));
    expect(model.requests).toHaveLength(3 * CONVERSATIONS);
  });

  it("hands every tool call its own conversation's context, and one scope per conversation", () => {
    const all = [...accounts.sightings, ...historySightings];
    expect(all).toHaveLength(3 * CONVERSATIONS);
    const scopes = new Map<number, Set<object | undefined>>();
    for (const seen of all) {
      expect(seen).toEqual({
        tool: seen.tool,
        conversation: seen.conversation,
        userId: contexts[seen.conversation].userId,
        secret: contexts[seen.conversation].secret,
        toolName: seen.tool,
        scope: expect.any(Object),
      });
      const set = scopes.get(seen.conversation) ?? new Set();
      scopes.set(seen.conversation, set.add(seen.scope));
    }
    expect([...scopes.values()].every((set) => set.size === 1)).toBe(true);
    expect(new Set([...scopes.values()].map((set) => [...set][0])).size).toBe(CONVERSATIONS);
    const calls = (tool: string) => all.filter((seen) => seen.tool === tool).map((seen) => seen.conversation);
    expect(calls('balance').sort((a, b) => a - b)).toEqual(contexts.flatMap((_, n) => [n, n]));
    expect(calls('history').sort((a, b) => a - b)).toEqual(contexts.map((_, n) => n));
  });

  it('never shows a context value to the model: no request it received holds one', () => {
    const everythingSent = JSON.stringify(model.requests);
    expect(everythingSent).toContain('balance of #999: 100');
    expect(everythingSent).not.toContain('ctx-');
    for (const request of model.requests) {
      expect(request.tools.map((tool) => Object.keys(tool.inputSchema.properties as object))).toEqual([
        ['conversation'],
        ['conversation'],
      ]);
    }
  });
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
