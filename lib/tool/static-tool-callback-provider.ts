import type { ToolCallback } from './tool-callback';
import type { ToolCallbackProvider } from './tool-callback-provider';
import { indexByName } from './tool-name-registry';

/** A fixed list of callbacks; duplicate names are refused when it is made. */
export class StaticToolCallbackProvider implements ToolCallbackProvider {
  /** Its tools are fixed when it is made. */
  readonly isStatic = true;
  private readonly callbacks: readonly ToolCallback[];

  constructor(callbacks: Iterable<ToolCallback>) {
    this.callbacks = Object.freeze([...indexByName(callbacks).values()]);
  }

  /** The callbacks it was made with. */
  getToolCallbacks(): readonly ToolCallback[] {
    return this.callbacks;
  }
}
