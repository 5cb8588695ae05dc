import { InvalidChatRequestError } from './invalid-chat-request.error';
import { UIMessages } from './messages/ui.messages';

/**
 * A frontend's request body (`useChat`'s, or an AG-UI `RunAgentInput`) is malformed: the client is at fault
 * (`ToolCallingExceptionFilter` answers 400). `path` says where, as `messages[2].parts[0].text`.
 */
export class InvalidUIRequestError extends InvalidChatRequestError {
  /** `'InvalidUIRequestError'`. */
  override readonly name: string = 'InvalidUIRequestError';

  constructor(
    /** The protocol: `'UI message stream'` or `'AG-UI'`. */
    readonly protocol: string,
    /** Where in the body (empty: the body itself). */
    readonly path: string,
    /** What is wrong there. */
    readonly problem: string,
  ) {
    super(UIMessages.invalidBody(protocol, path, problem));
  }
}
