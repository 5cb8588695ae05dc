import { InvalidChatRequestError } from './invalid-chat-request.error';
import { StateMessages } from './messages/state.messages';

/**
 * The decision given to `resume()` is not `{ approved: boolean, reason?: string }` (it comes from the HTTP client,
 * as a request body); nothing was decided. An `InvalidChatRequestError`. HTTP: 400.
 */
export class InvalidApprovalDecisionError extends InvalidChatRequestError {
  /** `'InvalidApprovalDecisionError'`, also after serialization or across copies of the package. */
  override readonly name: string = 'InvalidApprovalDecisionError';

  constructor() {
    super(StateMessages.invalidDecision());
  }
}
