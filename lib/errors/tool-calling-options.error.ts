import { ToolCallingConfigurationError } from './tool-calling-configuration.error';
import { ChatMessages } from './messages/chat.messages';

/** An option of the `ToolCallingManager` or the `ChatClient` has a value it cannot work with. */
export class ToolCallingOptionsError extends ToolCallingConfigurationError {
  /** Always `'ToolCallingOptionsError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolCallingOptionsError';

  constructor(
    /** The option, as a path (`limits.maxRounds`). */
    readonly option: string,
    /** The value given. */
    readonly value: unknown,
    /** What is expected instead. */
    readonly expected: string,
  ) {
    super(ChatMessages.invalidOption(option, value, expected));
  }
}
