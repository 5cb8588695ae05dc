import type { ProviderModelSettings } from '../provider-model.settings';

/**
 * A `GeminiChatModel`: Google's Gemini API, through the `@google/genai` SDK. The key comes from `apiKey`,
 * `GEMINI_API_KEY` or `GOOGLE_API_KEY`, the endpoint from `baseURL`, `GEMINI_BASE_URL` or `GOOGLE_GEMINI_BASE_URL`.
 */
export interface GeminiChatModelSettings extends ProviderModelSettings {
  /** Names this provider in `ChatModelSettings`; may be left out when the adapter is built directly. */
  readonly provider?: 'gemini';
  /**
   * The API version of the Gemini API.
   * @defaultValue the SDK's, `v1beta`
   */
  readonly apiVersion?: string;
  /**
   * Where the images and documents of tool results go: inside the function responses (`function-response`, the
   * `functionResponse.parts` Gemini 3 and later models take) or after them in the same user turn (`user-content`,
   * for earlier models).
   * @defaultValue `user-content` for models named `gemini-1…` or `gemini-2…`, else `function-response`
   */
  readonly toolResultMedia?: 'function-response' | 'user-content';
}
