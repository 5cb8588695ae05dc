import type { CallTelemetry } from '../ports/chat-telemetry';
import { observeCall, observeModelCall } from './observe';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatRequest } from './chat-request';
import { ChatRun } from './chat-run';
import { signalOf } from './run-abort';

/**
 * The tool-calling loop of `call()`: ask the model, run the tools it asks for, send the results back, until it
 * answers, a round ends with `returnDirect` tools or pauses for approval, or a limit is hit. A resumed run starts
 * with the tool calls of its paused round.
 */
export function runCall(request: ChatRequest): Promise<ChatClientResponse> {
  const telemetry = request.manager.telemetry?.startCall(
    request.chatModel,
    request.messages,
    request.options,
    false,
  );
  return telemetry === undefined
    ? loop(request, undefined)
    : observeCall(telemetry, () => loop(request, telemetry));
}

async function loop(request: ChatRequest, telemetry: CallTelemetry | undefined): Promise<ChatClientResponse> {
  const started = ChatRun.start(request, request.signal, telemetry);
  const run = started instanceof ChatRun ? started : await started;
  const signal = signalOf(run.signal);
  if (run.resumes) {
    if ((await run.executeTools()) !== 'ask-model') return run.finish();
    await run.checkpoint('model');
  }
  const model = request.chatModel;
  const callOptions = signal ? { signal } : undefined;
  for (;;) {
    const next = run.nextPrompt();
    const prompt = next instanceof Promise ? await next : next;
    const response = await (telemetry === undefined
      ? model.call(prompt, callOptions)
      : observeModelCall(
          telemetry,
          run.round,
          prompt,
          () => model.call(prompt, callOptions),
          run.roundSteering,
        ));
    if (run.accept(response) === 'answered') {
      if (request.answerRepair !== undefined && (await run.repairAnswer())) continue;
      return run.finish();
    }
    const saving = run.checkpoint('tools');
    if (saving !== undefined) await saving;
    const outcome = run.executeTools();
    // Awaited only when the round is still running: most rounds of synchronous tools are over already.
    if ((typeof outcome === 'string' ? outcome : await outcome) !== 'ask-model') return run.finish();
    const saved = run.checkpoint('model');
    if (saved !== undefined) await saved;
  }
}
