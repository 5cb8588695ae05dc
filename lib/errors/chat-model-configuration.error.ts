import { ChatModelError } from './chat-model.error';

/**
 * A chat model cannot be created as configured: its SDK is not installed, no API key, an unknown provider. Raised
 * when the model is created, at startup.
 */
export class ChatModelConfigurationError extends ChatModelError {
  /** Always `'ChatModelConfigurationError'`, also after serialization or across copies of the package. */
  override readonly name = 'ChatModelConfigurationError';

  constructor(
    provider: string,
    message: string,
    /** The setting to fix (`apiKey`, `provider`…). */
    readonly setting: string,
    options?: { cause?: unknown },
  ) {
    super(provider, message, options);
  }
}
