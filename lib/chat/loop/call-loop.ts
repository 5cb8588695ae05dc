import type { ChatClientResponse } from './chat-client-response';
import type { ChatRequest } from './chat-request';
import { ChatRun } from './chat-run';

/**
 * The tool-calling loop of `call()`: ask the model, run the tools it asks for, send the results back, until it
 * answers, a round ends with `returnDirect` tools, or a limit is hit.
 */
export async function runCall(request: ChatRequest): Promise<ChatClientResponse> {
  const run = await ChatRun.start(request, request.signal);
  const signal = run.signal;
  const model = request.chatModel;
  const callOptions = signal ? { signal } : undefined;
  for (;;) {
    const response = await model.call(run.nextPrompt(), callOptions);
    if (run.accept(response) === 'answered') return run.finish();
    if ((await run.executeTools()) === 'return-direct') return run.finish();
  }
}
