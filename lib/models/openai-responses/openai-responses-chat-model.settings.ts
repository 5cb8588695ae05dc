import type { OpenAiChatModelSettings } from '../openai/openai-chat-model.settings';
import type { ProviderModelSettings } from '../provider-model.settings';

/**
 * An `OpenAiResponsesChatModel`: OpenAI's Responses API (`client.responses.create`), through the `openai` SDK; it
 * connects as `OpenAiChatModel` does.
 */
export interface OpenAiResponsesChatModelSettings
  extends ProviderModelSettings, Pick<OpenAiChatModelSettings, 'organization' | 'strict' | 'strictTools'> {
  /** Names this provider in `ChatModelSettings`; may be left out when the adapter is built directly. */
  readonly provider?: 'openai-responses';
  /**
   * Let OpenAI store the responses (`store: true`). When `false`, stateless: every request carries the whole
   * conversation, the reasoning of a reasoning model included (encrypted).
   * @defaultValue false
   */
  readonly store?: boolean;
  /**
   * Ask for the reasoning encrypted (`include: ["reasoning.encrypted_content"]`) so that it can travel in the
   * history with `store: false`.
   * @defaultValue true for model names of reasoning models (o1, o3, o4-mini, gpt-5…), else false
   */
  readonly includeReasoning?: boolean;
}
