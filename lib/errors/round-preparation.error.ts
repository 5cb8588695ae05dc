import { ToolCallingError } from './tool-calling.error';

/**
 * A `prepareRound` hook asked for something a round cannot be sent with: an active tool that is not among the run's
 * tools, a tool choice no offered tool can meet, or messages that split tool calls from their results.
 */
export class RoundPreparationError extends ToolCallingError {
  /** Always `'RoundPreparationError'`, also after serialization or across copies of the package. */
  override readonly name = 'RoundPreparationError';

  constructor(
    /** 1-based number of the model request being prepared. */
    readonly round: number,
    message: string,
  ) {
    super(message);
  }
}
