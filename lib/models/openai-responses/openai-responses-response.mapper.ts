import type { Response, ResponseUsage } from 'openai/resources/responses/responses';
import type { ChatResponse, FinishReason, Usage } from '../../chat/model/chat-response';
import type { ToolCall } from '../../chat/model/messages';
import { ChatModelApiError } from '../../errors/chat-model-api.error';
import { ChatModelRateLimitError } from '../../errors/chat-model-rate-limit.error';
import { ChatModelServerError } from '../../errors/chat-model-server.error';
import { sanitizeProviderText, type ModelEndpoint } from '../../errors/messages/models.messages';
import { newToolCallId } from '../openai/openai-response.mapper';
import { toolArgumentsText } from '../tool-arguments.text';
import { replayableReasoning } from './openai-responses-input.mapper';
import { responseMetadata, tokenCount, usageOf } from '../response-parts';

/** A Responses API response as a `ChatResponse`: output text, function calls, reasoning kept for the next round. */
export function fromResponsesResponse(
  response: Response,
  endpoint: ModelEndpoint,
  store: boolean,
  secrets: readonly string[],
): ChatResponse {
  if (response.status === 'failed') throw failedResponseError(response, endpoint, secrets);
  const output: readonly unknown[] = Array.isArray(response.output) ? response.output : [];
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const item of response.output ?? []) {
    if (item.type === 'message') {
      for (const part of item.content ?? []) {
        if (part.type === 'output_text') content += part.text ?? '';
        else if (part.type === 'refusal') content += part.refusal ?? '';
      }
    } else if (item.type === 'function_call') {
      toolCalls.push({
        id: item.call_id || newToolCallId(),
        name: item.name ?? '',
        arguments: toolArgumentsText(item.arguments),
      });
    }
  }
  const metadata = replayableReasoning(output, store);
  return {
    message: { role: 'assistant', content, toolCalls, ...(metadata ? { metadata } : {}) },
    finishReason: responsesFinishReason(response, toolCalls.length > 0),
    usage: responsesUsage(response.usage),
    metadata: responseMetadata(response.id, response.model, response.status),
  };
}

/** `completed` is an answer or tool calls; `incomplete` says why (token limit, content filter). */
export function responsesFinishReason(
  response: Pick<Response, 'status' | 'incomplete_details'>,
  hasToolCalls: boolean,
): FinishReason {
  if (response.status === 'incomplete') {
    const reason = response.incomplete_details?.reason;
    return reason === 'max_output_tokens'
      ? 'length'
      : reason === 'content_filter'
        ? 'content_filter'
        : 'other';
  }
  if (hasToolCalls) return 'tool_calls';
  return response.status === 'completed' || response.status === undefined ? 'stop' : 'other';
}

/** The Responses API usage as the port's usage; no usage at all is `undefined`. */
export function responsesUsage(usage: ResponseUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  return usageOf(tokenCount(usage.input_tokens), tokenCount(usage.output_tokens), usage.total_tokens);
}

/** A response whose status is `failed`: its `error` (`server_error`, `rate_limit_exceeded`…) as a typed error. */
export function failedResponseError(
  response: Pick<Response, 'error'>,
  endpoint: ModelEndpoint,
  secrets: readonly string[],
): ChatModelApiError {
  const code = response.error?.code ?? undefined;
  const message = response.error?.message ? sanitizeProviderText(response.error.message, secrets) : undefined;
  const details = {
    provider: endpoint.provider,
    model: endpoint.model,
    baseURL: endpoint.baseURL,
    providerMessage: message,
    errorType: code,
    errorCode: code,
  };
  if (code === 'rate_limit_exceeded') return new ChatModelRateLimitError(details);
  if (code === 'server_error') return new ChatModelServerError(details);
  return new ChatModelApiError(details);
}
