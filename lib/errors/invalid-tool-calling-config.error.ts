import { ToolCallingConfigurationError } from './tool-calling-configuration.error';
import { ModuleMessages } from './messages/module.messages';

/** One problem of the environment read by `toolCallingConfig`. */
export interface ToolCallingConfigIssue {
  /** The environment variable to fix (`TOOL_CALLING_MAX_ROUNDS`). */
  readonly variable: string;
  /** What is wrong, without the value (it may be a secret). */
  readonly message: string;
}

/** The environment read by `toolCallingConfig` has values it cannot use; raised at startup. */
export class InvalidToolCallingConfigError extends ToolCallingConfigurationError {
  /** Always `'InvalidToolCallingConfigError'`, also after serialization or across copies of the package. */
  override readonly name = 'InvalidToolCallingConfigError';
  /** The variables to fix, each once. */
  readonly variables: readonly string[];

  constructor(
    /** Every problem found, each naming its variable. */
    readonly issues: readonly ToolCallingConfigIssue[],
  ) {
    super(ModuleMessages.invalidConfig(issues.map((issue) => issue.message)));
    this.variables = [...new Set(issues.map((issue) => issue.variable))];
  }
}
