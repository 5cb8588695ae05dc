import type { CallTelemetry } from '../ports/chat-telemetry';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { AssistantMessage, Message } from '../model/messages';
import { signalOf, type AbortLike } from './run-abort';
import type { ToolCallHooks } from './tool-call-hooks';
import type { RoundResumption, ToolCallCounts, ToolCallEvent, ToolRoundInput } from './tool-execution-result';

const RUN_ABORT = Symbol('run abort');

/**
 * The input of a round a chat run hands `ToolCallingManager.executeToolCalls()`: it carries the run's light abort,
 * which the manager's rounds use, and makes a real `signal` only when something reads it (a manager that
 * overrides `executeToolCalls`). A class, not a literal with a getter: V8 builds those far slower. The abort is an
 * own property: a copy made by spreading the input (`{ ...input, hooks }`) keeps it.
 */
export class RunRoundInput implements ToolRoundInput {
  readonly [RUN_ABORT]: AbortLike | undefined;

  constructor(
    readonly history: readonly Message[],
    readonly message: AssistantMessage,
    readonly tools: ReadonlyMap<string, ToolCallback>,
    readonly context: ToolContext,
    readonly hooks: readonly ToolCallHooks[] | undefined,
    readonly counter: ToolCallCounts,
    readonly round: number,
    readonly onEvent: ((event: ToolCallEvent) => void) | undefined,
    readonly telemetry: CallTelemetry | undefined,
    readonly resumption: RoundResumption | undefined,
    abort: AbortLike | undefined,
  ) {
    this[RUN_ABORT] = abort;
  }

  get signal(): AbortSignal | undefined {
    return signalOf(this[RUN_ABORT]);
  }
}

/** What aborts a round: the chat run's light abort when the input came from a run, else the input's signal. */
export function roundAbortOf(input: ToolRoundInput): AbortLike | undefined {
  return RUN_ABORT in input ? (input as RunRoundInput)[RUN_ABORT] : input.signal;
}
