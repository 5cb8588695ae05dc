import { ToolCallingError } from './tool-calling.error';
import { DuplicateToolNameError } from './duplicate-tool-name.error';
import { ToolDefinitionError } from './tool-definition.error';
import { ModuleMessages } from './messages/module.messages';

/**
 * The tools found at bootstrap cannot all be registered: bad names, unknown parameter names, schemas that cannot
 * be built, duplicate names (across modules too), failing static providers. One error lists every problem, so that
 * one restart shows them all.
 *
 * Printed uncaught, it shows its message once: the problems are getters, not own properties, and there is no
 * `cause`, since Node prints an uncaught error's own properties, an `errors` array and the cause, which would
 * repeat every problem the message already lists.
 */
export class ToolDiscoveryError extends ToolCallingError {
  /** Always `'ToolDiscoveryError'`, also after serialization or across copies of the package. */
  override readonly name = 'ToolDiscoveryError';
  readonly #problems: readonly Error[];
  readonly #sources: readonly string[];

  constructor(problems: readonly Error[]) {
    super(ModuleMessages.discoveryFailed(problems.map((error) => error.message)));
    const sources = new Set<string>();
    for (const error of problems) {
      if (error instanceof ToolDefinitionError && error.source) sources.add(error.source);
      if (error instanceof DuplicateToolNameError)
        for (const names of error.duplicates.values()) for (const source of names) sources.add(source);
    }
    this.#problems = problems;
    this.#sources = [...sources];
  }

  /** The problems, each a typed error (`ToolDefinitionError`, `DuplicateToolNameError`…). */
  get problems(): readonly Error[] {
    return this.#problems;
  }

  /**
   * Every source the problems name: `Class.method` for a tool that cannot be defined, `Class.method in Module` (or
   * the options entry, the provider) for duplicate names.
   */
  get sources(): readonly string[] {
    return this.#sources;
  }
}
