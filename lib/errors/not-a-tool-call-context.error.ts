import { ToolCallingError } from './tool-calling.error';
import { HandlerMessages } from './messages/handlers.messages';

/** `ToolExecutionContext.create()` was given the context of something other than a tool call. */
export class NotAToolCallContextError extends ToolCallingError {
  /** Always `'NotAToolCallContextError'`, also after serialization or across copies of the package. */
  override readonly name = 'NotAToolCallContextError';

  constructor(
    /** The execution context's type (`http`, `rpc`…) where a tool call's was expected. */
    readonly contextType: string,
  ) {
    super(HandlerMessages.notAToolCall(contextType));
  }
}
