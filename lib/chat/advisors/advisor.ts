import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import type { ChatClientRequest } from './chat-client-request';

import type { Advisor } from './advisor-base';

export { ADVISOR_ORDER, type Advisor } from './advisor-base';

/** The rest of the chain of a `call()`: the next advisors, then the tool-calling loop. */
export interface CallAdvisorChain {
  /** Passes the request on; resolves with the response of the rest of the chain. */
  nextCall(request: ChatClientRequest): Promise<ChatClientResponse>;
}

/** The rest of the chain of a `stream()`: the next advisors, then the streaming tool-calling loop. */
export interface StreamAdvisorChain {
  /** Passes the request on; the events of the rest of the chain. */
  nextStream(request: ChatClientRequest): AsyncIterable<ChatStreamEvent>;
}

/**
 * Around every `call()` (Spring AI's `CallAdvisor`): it may read and change the request, call the rest of the chain
 * (or not), and read and change the response. The whole tool loop runs inside `chain.nextCall()`.
 */
export interface CallAdvisor extends Advisor {
  /** Advises one `call()`: call `chain.nextCall()` to go on. */
  adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse>;
}

/**
 * Around every `stream()` (Spring AI's `StreamAdvisor`): it may change the request and pass on, change or add
 * events. `chatClientResponseOf(finishedEvent)` gives the whole outcome when the stream finishes.
 */
export interface StreamAdvisor extends Advisor {
  /** Advises one `stream()`: pass on the events of `chain.nextStream()`. */
  adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatStreamEvent>;
}

export function isCallAdvisor(advisor: Advisor): advisor is CallAdvisor {
  return typeof (advisor as CallAdvisor).adviseCall === 'function';
}

export function isStreamAdvisor(advisor: Advisor): advisor is StreamAdvisor {
  return typeof (advisor as StreamAdvisor).adviseStream === 'function';
}
