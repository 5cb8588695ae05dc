import type { OpenAI } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParamsBase,
} from 'openai/resources/chat/completions';
import { ProviderChatModel, type ProviderWire } from '../provider-chat-model';
import { connectOpenAi, openAiSource } from './openai-client.factory';
import type { OpenAiChatModelSettings } from './openai-chat-model.settings';
import { toOpenAiRequest } from './openai-request.mapper';
import { fromOpenAiCompletion } from './openai-response.mapper';
import { readOpenAiStream } from './openai-stream.reader';

const SOURCE = openAiSource('openai', 'The OpenAI chat model (provider "openai")');

/**
 * How Chat Completions are spoken through an `openai` client (OpenAI's, or Azure's with the deployment as model).
 * @internal
 */
export function chatCompletionsWire(
  client: OpenAI,
  settings: Pick<OpenAiChatModelSettings, 'model' | 'strict' | 'strictTools' | 'maxTokensParameter'>,
): ProviderWire<ChatCompletionCreateParamsBase, ChatCompletion, ChatCompletionChunk> {
  const request = {
    model: settings.model,
    strict: { all: settings.strict === true, tools: new Set(settings.strictTools ?? []) },
    maxTokensParameter: settings.maxTokensParameter ?? 'max_tokens',
  };
  return {
    request: (prompt, options) => toOpenAiRequest(prompt, options, request),
    model: (body) => body.model,
    send: (body, signal) => client.chat.completions.create({ ...body, stream: false }, { signal }),
    read: (completion, _body, endpoint) => fromOpenAiCompletion(completion, endpoint),
    open: (body, signal) =>
      client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal },
      ),
    readStream: (chunks, _body, endpoint) => readOpenAiStream(chunks, endpoint),
  };
}

/**
 * A `ChatModel` for any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, DeepSeek, GLM, Qwen,
 * Mistral, Groq…), through the official `openai` SDK, loaded when the model is created. Retries (429, 5xx) and the
 * request time limit are the SDK's; errors become `ChatModelError`s; an aborted signal rejects with its reason.
 */
export class OpenAiChatModel extends ProviderChatModel {
  /** `gen_ai.provider.name` of the requests: the OpenAI wire format, whoever serves it. */
  readonly providerName = 'openai';

  /**
   * @param settings - the model and how to reach it; `client`: your own configured `OpenAI` client (a proxy agent,
   * a custom `fetch`…), used instead of one built from `apiKey`, `baseURL`, `organization`, `headers`, `timeoutMs`
   * and `maxRetries`, which are then ignored.
   */
  constructor(settings: OpenAiChatModelSettings & { readonly client?: OpenAI }) {
    const connection = connectOpenAi(settings, SOURCE, 'OpenAiChatModel');
    super(settings, connection, chatCompletionsWire(connection.client, settings));
  }
}
