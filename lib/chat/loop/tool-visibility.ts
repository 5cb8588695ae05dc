import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';

/** Maps known to have no tool with a visibility check: most calls skip the scan. */
const withoutChecks = new WeakSet<ReadonlyMap<string, ToolCallback>>();

/**
 * The tools of `tools` that the caller of `context` may be offered: those without `isVisible()`, and those whose
 * check says yes. A check that rejects hides its tool (closed, not open). The same map when nothing is hidden;
 * returned synchronously when no tool has a check (most chat calls), so those pay no extra await.
 */
export function visibleToolCallbacks(
  tools: ReadonlyMap<string, ToolCallback>,
  context: ToolContext,
): ReadonlyMap<string, ToolCallback> | Promise<ReadonlyMap<string, ToolCallback>> {
  if (withoutChecks.has(tools)) return tools;
  let checks: Promise<boolean>[] | undefined;
  let names: string[] | undefined;
  for (const [name, callback] of tools) {
    if (callback.isVisible === undefined) continue;
    (names ??= []).push(name);
    (checks ??= []).push(callback.isVisible(context.forTool(name)).then(Boolean, () => false));
  }
  if (!checks || !names) {
    withoutChecks.add(tools);
    return tools;
  }
  const checked = names;
  return Promise.all(checks).then((verdicts) => {
    if (verdicts.every(Boolean)) return tools;
    const hidden = new Set(checked.filter((_, i) => !verdicts[i]));
    return new Map([...tools].filter(([name]) => !hidden.has(name)));
  });
}
