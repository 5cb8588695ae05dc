/** @jest-environment ./test/reliability/support/host-process.environment.js */
import fc from 'fast-check';
import { ChatClient, ToolContext, ToolResult, type ToolResponse } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { argumentText, fuzzString } from '../support/argument-text.arbitrary';
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from '../support/fuzz-settings';
import { INPUT_STYLES, toolNameOf } from '../support/input-styles';
import { installProcessGuard, pollutionProbes } from '../support/process-guard';

const guard = installProcessGuard();

const CALLBACKS = INPUT_STYLES.map((style) => style.callback);
const NAMES = INPUT_STYLES.map(toolNameOf);
const UNKNOWN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'WEATHER',
  'weather ',
  '',
];

interface FuzzedCall {
  readonly name: string;
  readonly text: string;
}

const knownToolCall: fc.Arbitrary<FuzzedCall> = fc
  .constantFrom(...INPUT_STYLES)
  .chain((style) => argumentText(style.valid).map((text) => ({ name: toolNameOf(style), text })));

const unknownToolCall: fc.Arbitrary<FuzzedCall> = fc.record({
  name: fc.oneof(fc.constantFrom(...UNKNOWN_NAMES), fuzzString(12)).filter((name) => !NAMES.includes(name)),
  text: fc.oneof(fc.constant('{}'), fuzzString()),
});

const round = fc.array(
  fc.oneof({ weight: 8, arbitrary: knownToolCall }, { weight: 1, arbitrary: unknownToolCall }),
  { minLength: 1, maxLength: 4 },
);

/** The message text the library writes for a name the model invented (`previewValue` of the name). */
function unknownToolResult(name: string): string {
  const quoted = JSON.stringify(name);
  const preview = quoted.length > 80 ? `${quoted.slice(0, 80)}… (${quoted.length} characters)` : quoted;
  const available = NAMES.map((known) => `"${known}"`).join(', ');
  return `Unknown tool ${preview}. The available tools are: ${available}. Call one of them, or answer without a tool.`;
}

/** What the model must receive for one call: what the callback itself gives for the same text. */
async function expectedResponse(call: FuzzedCall, id: string): Promise<ToolResponse> {
  const index = NAMES.indexOf(call.name);
  if (index < 0) return { id, name: call.name, result: unknownToolResult(call.name), isError: true };
  try {
    const result = ToolResult.textOf(await CALLBACKS[index].call(call.text, ToolContext.empty()));
    return { id, name: call.name, result, isError: false };
  } catch (error) {
    return { id, name: call.name, result: (error as Error).message, isError: true };
  }
}

describe('fuzzed tool calls through ChatClient and the tool-calling loop', () => {
  it(
    'sends every call back to the model as a result or an error result, and lets no error escape call()',
    async () => {
      await fc.assert(
        fc.asyncProperty(round, async (calls) => {
          const model = new ScriptedChatModel([
            {
              toolCalls: calls.map((call, i) => ({ id: `fuzz_${i}`, name: call.name, arguments: call.text })),
            },
            'done',
          ]);
          const chat = ChatClient.create(model, { toolCallbacks: CALLBACKS });

          const response = await chat.prompt('fuzz').call().chatResponse();

          expect(response.text).toBe('done');
          expect(model.requests).toHaveLength(2);
          const sent = model.requests[1].messages.at(-1)!;
          expect(sent.role).toBe('tool');
          const expected = await Promise.all(calls.map((call, i) => expectedResponse(call, `fuzz_${i}`)));
          expect(sent.role === 'tool' && sent.responses).toEqual(expected);
          expect(response.toolExecutions.map((execution) => execution.toolResponse)).toEqual(expected);
          expect(pollutionProbes()).toEqual([]);
        }),
        fuzzParameters(250),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
