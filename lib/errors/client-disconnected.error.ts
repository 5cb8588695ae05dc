import { ToolCallingError } from './tool-calling.error';
import { ModuleMessages } from './messages/module.messages';

/**
 * The reason a chat call is aborted with when the HTTP client it serves closes the connection before the response is
 * complete (the module's `abortOnDisconnect`, on by default).
 */
export class ClientDisconnectedError extends ToolCallingError {
  /** Always `'ClientDisconnectedError'`, also after serialization or across copies of the package. */
  override readonly name = 'ClientDisconnectedError';

  constructor() {
    super(ModuleMessages.clientDisconnected());
  }
}
