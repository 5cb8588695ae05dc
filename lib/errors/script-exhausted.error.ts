import { ToolCallingError } from './tool-calling.error';
import { ChatMessages } from './messages/chat.messages';

/** A `ScriptedChatModel` received a request its script has no response for. */
export class ScriptExhaustedError extends ToolCallingError {
  /** Always `'ScriptExhaustedError'`, also after serialization or across copies of the package. */
  override readonly name = 'ScriptExhaustedError';

  constructor(
    /** 1-based number of the request that found no response. */
    readonly requestNumber: number,
    /** How many responses the script has; `undefined` for a script function (which returned nothing). */
    readonly scriptLength: number | undefined,
    /** A preview of the request's last message, to find the test's mistake. */
    readonly lastMessage: string,
  ) {
    super(ChatMessages.scriptExhausted(requestNumber, scriptLength, lastMessage));
  }
}
