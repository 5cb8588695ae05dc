import { createHash } from 'node:crypto';
import { TOOL_NAME_PATTERN } from '../../tool-calling.constants';

const MAX_LENGTH = 64;

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/**
 * A name that models accept (`^[a-zA-Z0-9_-]{1,64}$`), the same for the same input every time: a valid name is
 * kept; otherwise every other character becomes `_`, and a name cut to fit or emptied gets a hash of the original
 * so that two long names sharing a prefix stay apart.
 */
export function fitToolName(name: string): string {
  if (TOOL_NAME_PATTERN.test(name)) return name;
  const replaced = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (replaced.length <= MAX_LENGTH && /[a-zA-Z0-9]/.test(replaced)) return replaced;
  const hash = shortHash(name);
  return `${replaced.slice(0, MAX_LENGTH - hash.length - 1) || 'tool'}_${hash}`;
}

/** One MCP tool, by server, before it gets the name the model sees. */
export interface NamedTool {
  readonly server: string;
  readonly name: string;
}

/**
 * The name each tool gets, in order of the list given (servers in configuration order, each server's tools in
 * its order): its own name fitted to the pattern; on a clash with a reserved name (the application's own tools)
 * or with an earlier tool, `<server>_<tool>`; if that clashes too, with a hash of the server and original name.
 */
export function assignToolNames(tools: readonly NamedTool[], reserved: ReadonlySet<string>): string[] {
  const taken = new Set(reserved);
  // First pass: the names nobody else wants keep their plain form, whatever the order.
  const plain = tools.map((tool) => fitToolName(tool.name));
  const counts = new Map<string, number>();
  for (const name of plain) counts.set(name, (counts.get(name) ?? 0) + 1);
  return tools.map((tool, index) => {
    const candidates = [
      plain[index],
      fitToolName(`${tool.server}_${tool.name}`),
      fitToolName(`${tool.server}_${tool.name}_${shortHash(`${tool.server}\u0000${tool.name}`)}`),
    ];
    const unique = counts.get(plain[index]) === 1 && !taken.has(plain[index]);
    const chosen = unique
      ? plain[index]
      : (candidates.slice(1).find((name) => !taken.has(name)) ?? candidates[2]);
    taken.add(chosen);
    return chosen;
  });
}
