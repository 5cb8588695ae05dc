import { runCall } from '../loop/call-loop';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatRequest } from '../loop/chat-request';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import { streamEvents } from '../loop/stream-loop';
import { ColdIterable } from '../loop/cold-iterable';
import {
  isCallAdvisor,
  isStreamAdvisor,
  type Advisor,
  type CallAdvisor,
  type CallAdvisorChain,
  type StreamAdvisor,
  type StreamAdvisorChain,
} from './advisor';
import { chatRequestOf, toChatClientRequest } from './chat-client-request';

function sorted<A extends Advisor>(advisors: readonly A[]): A[] {
  // Array.prototype.sort is stable: equal orders keep the order they were given in.
  return [...advisors].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** `call()`: the request's advisors in order, then the tool-calling loop. Without advisors, the loop directly. */
export function callThroughAdvisors(request: ChatRequest): Promise<ChatClientResponse> {
  if (request.advisors.length === 0) return runCall(request);
  const advisors = sorted(request.advisors.filter(isCallAdvisor));
  const chainFrom = (index: number): CallAdvisorChain => ({
    nextCall: (next) => {
      if (index === advisors.length) return runCall(chatRequestOf(next));
      const advisor: CallAdvisor = advisors[index];
      return advisor.adviseCall(next, chainFrom(index + 1));
    },
  });
  return chainFrom(0).nextCall(toChatClientRequest(request));
}

/** `stream()`: the request's advisors in order, then the streaming loop. Without advisors, the loop directly. */
export function streamThroughAdvisors(
  request: ChatRequest,
  stop?: AbortSignal,
): AsyncIterator<ChatStreamEvent> {
  if (request.advisors.length === 0) return streamEvents(request, stop);
  const advisors = sorted(request.advisors.filter(isStreamAdvisor));
  const chainFrom = (index: number): StreamAdvisorChain => ({
    nextStream: (next) => {
      if (index === advisors.length) return new ColdIterable(() => streamEvents(chatRequestOf(next), stop));
      const advisor: StreamAdvisor = advisors[index];
      return advisor.adviseStream(next, chainFrom(index + 1));
    },
  });
  return chainFrom(0).nextStream(toChatClientRequest(request))[Symbol.asyncIterator]();
}
