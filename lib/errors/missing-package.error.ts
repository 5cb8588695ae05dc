import { ToolCallingConfigurationError } from './tool-calling-configuration.error';
import { ModuleMessages } from './messages/module.messages';

/** A feature in use needs an optional package that is not installed; the message says what to install. */
export class MissingPackageError extends ToolCallingConfigurationError {
  /** Always `'MissingPackageError'`, also after serialization or across copies of the package. */
  override readonly name = 'MissingPackageError';

  constructor(
    /** The package to install (`@nestjs/config`). */
    readonly packageName: string,
    /** What needs it (`toolCallingConfig`). */
    readonly feature: string,
    /** `Class.method` (or the function tool's name) that needs it, when known. */
    readonly source?: string,
    options?: { cause?: unknown },
  ) {
    super(ModuleMessages.missingPackage(packageName, feature, source), options);
  }
}
