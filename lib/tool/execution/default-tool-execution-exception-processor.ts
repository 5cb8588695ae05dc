import { isInstanceOf, thrownValueClass, thrownValueText } from '../../errors/messages/thrown-value-text';
import { ToolExecutionError } from '../../errors/tool-execution.error';
import { Messages } from '../../errors/messages/tool.messages';
import type { ToolExecutionExceptionProcessor } from './tool-execution-exception-processor';

/** What `DefaultToolExecutionExceptionProcessor` rethrows instead of telling the model. */
export interface DefaultToolExecutionExceptionProcessorOptions {
  /**
   * Rethrow every failure instead of telling the model.
   * @defaultValue false
   */
  alwaysThrow?: boolean;
  /** Rethrow failures of these classes (matched on the error and on its `cause`). */
  rethrow?: readonly (abstract new (...args: any[]) => Error)[];
}

/**
 * By default a failure becomes its message, sent to the model as an error result so that it can correct itself (a
 * tool error without a message becomes `Exception occurred in tool: <name> (<error class>)`, as in Spring AI).
 * `alwaysThrow` rethrows the typed error (a `ToolExecutionError` keeps the tool definition and the original error
 * as `cause`); a class listed in `rethrow` rethrows the matching error itself (the original one when it is the cause).
 */
export class DefaultToolExecutionExceptionProcessor implements ToolExecutionExceptionProcessor {
  private readonly alwaysThrow: boolean;
  private readonly rethrow: readonly (abstract new (...args: any[]) => Error)[];

  constructor(options: DefaultToolExecutionExceptionProcessorOptions = {}) {
    this.alwaysThrow = options.alwaysThrow ?? false;
    this.rethrow = options.rethrow ?? [];
  }

  /** The error's message for the model, or the error rethrown (see the options). */
  process(error: Error): string {
    if (this.alwaysThrow) throw error;
    const cause = error.cause;
    for (const type of this.rethrow) {
      if (isInstanceOf(cause, type)) throw cause;
      if (isInstanceOf(error, type)) throw error;
    }
    const message = thrownValueText(error);
    if (message.trim() !== '') return message;
    // A model cannot act on an empty text, nor on "ToolExecutionError": name the tool and what it threw.
    if (error instanceof ToolExecutionError) {
      return Messages.toolFailedWithoutMessage(error.toolDefinition.name, thrownValueClass(cause));
    }
    return error.name;
  }
}
