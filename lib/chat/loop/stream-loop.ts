import { observeChunks } from '../../telemetry/observe';
import { ChatResponseAssembler } from '../model/chat-response-assembler';
import type { ChatRequest } from './chat-request';
import { ChatRun } from './chat-run';
import type { ChatStreamEvent } from './chat-stream-event';
import { EventBuffer } from './event-buffer';
import { RunAbort } from './run-abort';
import { finishedEvent } from './finished-responses';
import type { ToolExecutionEvent } from './tool-execution-result';

/**
 * The tool-calling loop of `stream()`: the same rounds as `call()`, with the model's text passed on as it arrives
 * and the tool calls reported as they start and finish. Aborting the request's signal, `stop`, or leaving the
 * iteration early aborts the model stream and the running tools; no further model request is made.
 */
export async function* streamEvents(
  request: ChatRequest,
  stop?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const abort = new RunAbort();
  let completed = false;
  const telemetry = request.manager.telemetry?.startCall(
    request.chatModel,
    request.messages,
    request.options,
    true,
  );
  try {
    request.signal?.throwIfAborted();
    stop?.throwIfAborted();
    abort.follow(request.signal);
    abort.follow(stop);
    const run = await (telemetry === undefined
      ? ChatRun.start(request, abort)
      : telemetry.run(() => ChatRun.start(request, abort, telemetry)));
    // Made only if the model reads it (to hand it to its HTTP client).
    const callOptions = {
      get signal() {
        return abort.signal;
      },
    };
    for (;;) {
      const prompt = run.nextPrompt();
      const round = run.round;
      const assembler = new ChatResponseAssembler();
      const observed = telemetry?.startModelRequest(round, prompt, true);
      const chunks = () => request.chatModel.stream(prompt, callOptions);
      for await (const chunk of observed === undefined ? chunks() : observeChunks(observed, chunks)) {
        const text = assembler.add(chunk);
        if (text) yield { type: 'text-delta', round, text };
      }
      abort.throwIfAborted();
      const response = assembler.toResponse(round);
      observed?.end(response);
      yield { type: 'round-finished', round, finishReason: response.finishReason, usage: response.usage };
      if (run.accept(response) === 'run-tools') {
        const buffer = new EventBuffer<ToolExecutionEvent>();
        if ((yield* buffer.drain(run.executeTools(buffer.push))) === 'ask-model') continue;
      }
      const result = run.finish();
      if (result.returnDirect) yield { type: 'text-delta', round, text: result.text };
      if (result.pendingApprovals.length > 0)
        yield { type: 'approval-required', round, approvals: result.pendingApprovals };
      completed = true;
      telemetry?.end(result);
      yield finishedEvent(result);
      return;
    }
  } catch (error) {
    telemetry?.fail(error);
    throw error;
  } finally {
    abort.dispose();
    if (!completed) abort.abort();
    // Left before the end: the call was aborted (ignored when it already failed).
    if (!completed) telemetry?.fail(abort.reason);
  }
}
