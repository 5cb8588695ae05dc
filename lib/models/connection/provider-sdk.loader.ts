import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { MissingPackageError } from '../../errors/missing-package.error';
import { requireOptional } from '../../util/optional-require';

/**
 * Loads a provider's SDK, an optional peer dependency. When it is not installed: `ChatModelConfigurationError`
 * saying what to install (the same error type as a missing API key, so one `catch` covers a bad startup).
 */
export function loadProviderSdk<T>(moduleName: string, provider: string, feature: string): T {
  try {
    return requireOptional<T>(moduleName, feature);
  } catch (error) {
    if (error instanceof MissingPackageError) {
      throw new ChatModelConfigurationError(provider, error.message, 'provider', { cause: error.cause });
    }
    throw error;
  }
}
