import { ToolCallingError } from './tool-calling.error';

/**
 * Base class of the errors a chat model adapter throws: the provider refused or failed the request, could not be
 * reached, sent a response that cannot be read, or the adapter is not configured. Catch it to handle them all.
 */
export abstract class ChatModelError extends ToolCallingError {
  protected constructor(
    /** The adapter that failed: `openai` (any OpenAI-compatible endpoint) or `anthropic`. */
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
