import { StateMessages } from '../../errors/messages/state.messages';
import type { ChatResponse } from '../model/chat-response';
import type { AssistantMessage, ToolResponse } from '../model/messages';
import type { ToolCallRecord } from '../ports/chat-client-response';
import type { DurableRunBinding, RunCheckpoint, RunProgress } from '../ports/run-checkpoint';
import type { RestoredRun } from './pause-and-resume';
import { ToolCallCounter } from './tool-call-counter';
import type { ToolCallHooks } from './tool-call-hooks';

/**
 * The hooks that tell the run store a call started (before it runs: a call marked started and never settled is
 * not run again unless its tool is idempotent) and what it answered (as soon as it is there). Last of the request's
 * hooks, so they see the call as it runs and the result the model gets.
 */
export function checkpointHooks(binding: DurableRunBinding): ToolCallHooks {
  const { runId, store } = binding;
  return {
    beforeToolCall: async (call) => {
      await store.callStarted(runId, call.toolCall.id, { idempotent: call.toolMetadata.idempotent === true });
    },
    afterToolCall: async (call) => {
      await store.callSettled(runId, call.toolResponse);
    },
  };
}

/** What a chat run's state is, as the checkpoint after a model response or after a round of tool calls saves it. */
export interface CheckpointState {
  readonly phase: RunCheckpoint['phase'];
  readonly history: RunCheckpoint['history'];
  readonly rounds: number;
  readonly last: ChatResponse | undefined;
  readonly usage: RunCheckpoint['usage'];
  readonly counter: ToolCallCounter | undefined;
  readonly records: readonly ToolCallRecord[] | undefined;
}

/** The next checkpoint of a run whose last one was `previous`. */
export function checkpointOf(state: CheckpointState, previous: number): RunCheckpoint {
  const last = state.last;
  return {
    version: 1,
    seq: previous + 1,
    phase: state.phase,
    history: state.history,
    rounds: state.rounds,
    ...(state.usage && { usage: state.usage }),
    ...(state.phase === 'tools' && last && { finishReason: last.finishReason }),
    ...(state.phase === 'tools' && last?.metadata && { metadata: last.metadata }),
    counter: state.counter?.toJSON() ?? { total: 0, perTool: {} },
    records: state.records ?? [],
  };
}

/**
 * Where a run continues after its worker stopped. After a model response, the round's calls run: a call that has a
 * result keeps it; a call that started without one runs again only when its tool is idempotent, otherwise the model
 * is told its outcome is unknown (at most once by default).
 */
export function restoreCheckpoint(
  progress: RunProgress,
): RestoredRun | Omit<RestoredRun, 'last' | 'resumption'> {
  const saved = progress.checkpoint;
  const base = {
    history: saved.history,
    rounds: saved.rounds,
    usage: saved.usage,
    counter: ToolCallCounter.from(saved.counter),
    records: [...saved.records],
  };
  if (saved.phase === 'model') return base;
  const message = saved.history[saved.history.length - 1] as AssistantMessage;
  const responses: (ToolResponse | null)[] = message.toolCalls.map((call) => {
    const result = progress.results.get(call.id);
    if (result !== undefined) {
      base.records.push({ round: saved.rounds, toolCall: call, toolResponse: result });
      return result;
    }
    const started = progress.started.get(call.id);
    if (started === undefined || started.idempotent) return null;
    const unknown: ToolResponse = {
      id: call.id,
      name: call.name,
      result: StateMessages.outcomeUnknown(call.name),
      isError: true,
    };
    base.records.push({ round: saved.rounds, toolCall: call, toolResponse: unknown });
    return unknown;
  });
  return {
    ...base,
    last: { message, finishReason: saved.finishReason ?? 'tool_calls', metadata: saved.metadata },
    resumption: { responses, decisions: new Map() },
  };
}
