import { Logger } from '@nestjs/common';
import type { ChatClientResponse } from '../ports/chat-client-response';
import type { ChatStreamEvent } from '../loop/chat-stream-event';
import type { CallAdvisor, CallAdvisorChain, StreamAdvisor, StreamAdvisorChain } from './advisor';
import { ADVISOR_ORDER } from './advisor';
import type { ChatClientRequest } from './chat-client-request';

/** Where the lines go: Nest's `Logger` by default. */
export interface AdvisorLogger {
  /** Receives one line per request and per response. */
  debug(message: string): void;
}

/** Options of a `SimpleLoggerAdvisor`. */
export interface SimpleLoggerAdvisorOptions {
  /** Its place in the chain (lower runs first). */
  readonly order?: number;
  /** Default: a Nest `Logger` with the context `SimpleLoggerAdvisor`. */
  readonly logger?: AdvisorLogger;
}

/**
 * Logs each request and its response at debug level (Spring AI's `SimpleLoggerAdvisor`): the messages, options and
 * advise context sent, and the answer, rounds, usage and tool calls. The tool context is never logged (only how
 * many values it has), nor are approval ids.
 */
export class SimpleLoggerAdvisor implements CallAdvisor, StreamAdvisor {
  /** The advisor's name, in logs and errors. */
  readonly name = 'SimpleLoggerAdvisor';
  /** Its place in the chain. */
  readonly order: number;
  private readonly logger: AdvisorLogger;

  constructor(options: SimpleLoggerAdvisorOptions = {}) {
    this.order = options.order ?? ADVISOR_ORDER.default;
    this.logger = options.logger ?? new Logger('SimpleLoggerAdvisor');
  }

  /** Logs the request, then the response of the rest of the chain. */
  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    this.logger.debug(`request: ${describeRequest(request)}`);
    const response = await chain.nextCall(request);
    this.logger.debug(`response: ${describeResponse(response)}`);
    return response;
  }

  /** Logs the request, then the streamed response once it finished. */
  async *adviseStream(request: ChatClientRequest, chain: StreamAdvisorChain): AsyncIterable<ChatStreamEvent> {
    this.logger.debug(`request: ${describeRequest(request)}`);
    for await (const event of chain.nextStream(request)) {
      if (event.type === 'finished') {
        this.logger.debug(
          `response: ${JSON.stringify({
            text: event.text,
            finishReason: event.finishReason,
            rounds: event.rounds,
            usage: event.usage,
            pendingApprovals: event.pendingApprovals.map((a) => a.toolName),
          })}`,
        );
      }
      yield event;
    }
  }
}

function describeRequest(request: ChatClientRequest): string {
  return JSON.stringify({
    messages: request.messages,
    options: request.options,
    context: request.context,
    toolContext: request.toolContext.toString(),
    resumed: request.resumed,
  });
}

function describeResponse(response: ChatClientResponse): string {
  return JSON.stringify({
    text: response.text,
    finishReason: response.finishReason,
    rounds: response.rounds,
    usage: response.usage,
    toolCalls: response.toolExecutions.map(({ toolCall, toolResponse }) => ({
      name: toolCall.name,
      arguments: toolCall.arguments,
      isError: toolResponse.isError,
    })),
    pendingApprovals: response.pendingApprovals.map((approval) => approval.toolName),
  });
}
