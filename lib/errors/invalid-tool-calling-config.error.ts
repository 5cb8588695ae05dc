import { ToolCallingError } from './tool-calling.error';
import { ModuleMessages } from './messages/module.messages';

/** One problem of the environment read by `toolCallingConfig`. */
export interface ToolCallingConfigIssue {
  /** The environment variable to fix (`TOOL_CALLING_MAX_ROUNDS`). */
  readonly variable: string;
  /** What is wrong, without the value (it may be a secret). */
  readonly message: string;
}

/** The environment read by `toolCallingConfig` has values it cannot use; raised at startup. */
export class InvalidToolCallingConfigError extends ToolCallingError {
  override readonly name = 'InvalidToolCallingConfigError';
  /** The variables to fix, each once. */
  readonly variables: readonly string[];

  constructor(readonly issues: readonly ToolCallingConfigIssue[]) {
    super(ModuleMessages.invalidConfig(issues.map((issue) => issue.message)));
    this.variables = [...new Set(issues.map((issue) => issue.variable))];
  }
}
