import { ToolCallingError } from './tool-calling.error';
import { DuplicateToolNameError } from './duplicate-tool-name.error';
import { ToolDefinitionError } from './tool-definition.error';
import { ModuleMessages } from './messages/module.messages';

/**
 * The tools found at bootstrap cannot all be registered: bad names, unknown parameter names, schemas that cannot
 * be built, duplicate names (across modules too), failing static providers. One error lists every problem, so that
 * one restart shows them all.
 */
export class ToolDiscoveryError extends ToolCallingError {
  override readonly name = 'ToolDiscoveryError';
  /**
   * Every source the problems name: `Class.method` for a tool that cannot be defined, `Class.method in Module` (or
   * the options entry, the provider) for duplicate names.
   */
  readonly sources: readonly string[];

  constructor(
    /** The problems, each a typed error (`ToolDefinitionError`, `DuplicateToolNameError`…). */
    readonly errors: readonly Error[],
  ) {
    super(ModuleMessages.discoveryFailed(errors.map((error) => error.message)), { cause: errors[0] });
    const sources = new Set<string>();
    for (const error of errors) {
      if (error instanceof ToolDefinitionError && error.source) sources.add(error.source);
      if (error instanceof DuplicateToolNameError)
        for (const names of error.duplicates.values()) for (const source of names) sources.add(source);
    }
    this.sources = [...sources];
  }
}
