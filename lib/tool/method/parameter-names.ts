const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The parameter names of a function, read from its source text, one entry per parameter; an entry is `undefined`
 * where the name cannot be known for sure (destructuring, source not available). Used only when `@ToolParam` gives
 * no name. Minifiers rename parameters: name them explicitly in bundled code.
 */
export function readParameterNames(fn: Function): (string | undefined)[] {
  const source = Function.prototype.toString.call(fn);
  const list = parameterListOf(source);
  if (list === undefined) return [];
  return splitTopLevel(list).map((raw) => {
    const name = raw
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '')
      .split('=')[0]
      .trim();
    // A rest parameter (`...args`, as in a wrapper made by another decorator) names no single argument.
    return IDENTIFIER.test(name) ? name : undefined;
  });
}

function parameterListOf(source: string): string | undefined {
  if (source.includes('[native code]')) return undefined;
  const open = source.indexOf('(');
  if (open < 0) return undefined;
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  return undefined;
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  const last = list.slice(start);
  if (last.trim() !== '' || parts.length > 0) parts.push(last);
  return parts;
}
