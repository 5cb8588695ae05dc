import type { SelectedTools } from '../chat/loop/tool-selection';
import type { ToolCallback } from '../tool/tool-callback';
import { toolMetadataOf } from '../tool/tool-callback';
import type { ToolDefinition } from '../tool/tool-definition';

/**
 * Tool search done by the provider (Anthropic's tool search tool, OpenAI's `tool_search`): every tool the caller may
 * see is sent, the pinned ones as usual and the others deferred, for the provider to load when its search finds them.
 * A tool the caller may not see is never sent, so the provider's search cannot find it, nor the model call it.
 */
export class NativeToolSearchSelection implements SelectedTools {
  private readonly offered: readonly ToolDefinition[];

  constructor(
    readonly tools: ReadonlyMap<string, ToolCallback>,
    pinned: ReadonlySet<string>,
  ) {
    // Pinned tools first, so the part of the request a provider's prompt cache keeps stays the same.
    const always: ToolDefinition[] = [];
    const deferred: ToolDefinition[] = [];
    for (const [name, callback] of tools) {
      const definition = callback.getToolDefinition();
      if (pinned.has(name) || toolMetadataOf(callback).deferred === false) always.push(definition);
      else deferred.push({ ...definition, deferLoading: true });
    }
    this.offered = Object.freeze([...always, ...deferred]);
  }

  definitions(): readonly ToolDefinition[] {
    return this.offered;
  }
}
