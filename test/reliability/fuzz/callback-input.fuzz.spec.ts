/** @jest-environment ./test/reliability/support/host-process.environment.js */
import fc from 'fast-check';
import { InvalidToolInputError, ToolContext, ToolResult } from 'nestjs-tool-calling';
import { argumentText } from '../support/argument-text.arbitrary';
import { FUZZ_TEST_TIMEOUT_MS, fuzzParameters } from '../support/fuzz-settings';
import { INPUT_STYLES, receipts, toolNameOf } from '../support/input-styles';
import { installProcessGuard, pollutionProbes } from '../support/process-guard';

const guard = installProcessGuard();

type Outcome = { result: string } | { error: unknown };

async function outcomeOf(promise: Promise<string | ToolResult>): Promise<Outcome> {
  try {
    return { result: ToolResult.textOf(await promise) };
  } catch (error) {
    return { error };
  }
}

describe.each(INPUT_STYLES)('fuzzed arguments straight into a callback: $label', (style) => {
  const name = toolNameOf(style);
  const invalidMessage = new RegExp(
    `^Invalid arguments for tool "${name}": .+\\. Correct the arguments and call the tool again\\.$`,
    's',
  );

  it(
    'ends every text as a result of the tool, which got valid input, or as an InvalidToolInputError, which it never saw',
    async () => {
      await fc.assert(
        fc.asyncProperty(argumentText(style.valid), async (text) => {
          const before = receipts.count(name);
          const outcome = await outcomeOf(style.callback.call(text, ToolContext.empty()));
          if ('result' in outcome) {
            expect(typeof outcome.result).toBe('string');
            expect(receipts.count(name)).toBe(before + 1);
            expect(receipts.last(name)).toEqual([]);
          } else {
            // The tools never throw, so anything but an input error is the library's own failure.
            expect(outcome.error).toBeInstanceOf(InvalidToolInputError);
            const error = outcome.error as InvalidToolInputError;
            expect(error.toolName).toBe(name);
            expect(error.issues.length).toBeGreaterThan(0);
            expect(error.message).toMatch(invalidMessage);
            expect(receipts.count(name)).toBe(before);
          }
          expect(pollutionProbes()).toEqual([]);
        }),
        fuzzParameters(200),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'runs the tool for every valid value, however it is spelled',
    async () => {
      const spelled = fc
        .tuple(style.valid, fc.constantFrom(0, 2, '\t'))
        .map(([value, indent]) => JSON.stringify(value, null, indent));
      await fc.assert(
        fc.asyncProperty(spelled, async (text) => {
          const before = receipts.count(name);
          await expect(style.callback.call(text, ToolContext.empty())).resolves.toEqual(expect.any(String));
          expect(receipts.count(name)).toBe(before + 1);
          expect(receipts.last(name)).toEqual([]);
        }),
        fuzzParameters(50),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

it('leaves no unhandled rejection, no uncaught exception, and the built-in prototypes untouched', () =>
  guard.assertClean());
