import { ToolCallingError } from './tool-calling.error';
import { ModuleMessages } from './messages/module.messages';

/** The `ToolCallbackRegistry` was used before the application bootstrapped, when its tools are not known yet. */
export class ToolCallbackRegistryNotReadyError extends ToolCallingError {
  /** Always `'ToolCallbackRegistryNotReadyError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolCallbackRegistryNotReadyError';

  constructor(
    /** The registry method that was called. */
    readonly method: string,
  ) {
    super(ModuleMessages.registryNotReady(method));
  }
}
