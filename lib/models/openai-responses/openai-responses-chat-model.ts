import type { OpenAI } from 'openai';
import type {
  Response,
  ResponseCreateParamsBase,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import { connectOpenAi, openAiSource } from '../openai/openai-client.factory';
import { ProviderChatModel, type ProviderWire } from '../provider-chat-model';
import type { OpenAiResponsesChatModelSettings } from './openai-responses-chat-model.settings';
import { toResponsesRequest } from './openai-responses-request.mapper';
import { fromResponsesResponse } from './openai-responses-response.mapper';
import { responsesStreamReader } from './openai-responses-stream.reader';

const SOURCE = openAiSource(
  'openai-responses',
  'The OpenAI Responses API chat model (provider "openai-responses")',
);

/**
 * How the Responses API is spoken through an `openai` client (OpenAI's, or Azure's with the deployment as model).
 * @internal
 */
export function responsesWire(
  client: OpenAI,
  settings: Pick<
    OpenAiResponsesChatModelSettings,
    'model' | 'strict' | 'strictTools' | 'store' | 'includeReasoning'
  >,
  secrets: readonly string[],
): ProviderWire<ResponseCreateParamsBase, Response, ResponseStreamEvent> {
  const request = {
    model: settings.model,
    strict: { all: settings.strict === true, tools: new Set(settings.strictTools ?? []) },
    store: settings.store ?? false,
    includeReasoning: settings.includeReasoning,
  };
  return {
    request: (prompt, options) => toResponsesRequest(prompt, options, request),
    model: (body) => body.model as string,
    send: (body, signal) => client.responses.create({ ...body, stream: false }, { signal }),
    read: (response, body, endpoint) =>
      fromResponsesResponse(response, endpoint, body.store ?? false, secrets),
    open: (body, signal) => client.responses.create({ ...body, stream: true }, { signal }),
    readStream: (events, body, endpoint) =>
      responsesStreamReader({ store: body.store ?? false, secrets })(events, endpoint),
  };
}

/**
 * A `ChatModel` for OpenAI's Responses API, through the official `openai` SDK, loaded when the model is created.
 * Stateless by default (`store: false`): each request sends the whole conversation, and the reasoning items of a
 * reasoning model travel in the assistant messages' metadata, so it keeps its reasoning across tool calls. Retries
 * (429, 5xx) and the request time limit are the SDK's; errors become `ChatModelError`s; an aborted signal rejects
 * with its reason.
 */
export class OpenAiResponsesChatModel extends ProviderChatModel {
  /** `gen_ai.provider.name` of the requests. */
  readonly providerName = 'openai';
  /** Deferred tools go to OpenAI's hosted `tool_search` (`defer_loading`), for `ToolSearchAdvisor({ native: true })`. */
  readonly nativeToolSearch = true;

  /**
   * @param settings - the model and how to reach it; `client`: your own configured `OpenAI` client, used instead of
   * one built from `apiKey`, `baseURL`, `organization`, `headers`, `timeoutMs` and `maxRetries`, which are then
   * ignored.
   */
  constructor(settings: OpenAiResponsesChatModelSettings & { readonly client?: OpenAI }) {
    const connection = connectOpenAi(settings, SOURCE, 'OpenAiResponsesChatModel');
    super(settings, connection, responsesWire(connection.client, settings, connection.secrets));
  }
}
