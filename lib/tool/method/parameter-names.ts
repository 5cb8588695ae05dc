const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The parameter names of a function, read from its source text, one entry per parameter; an entry is `undefined`
 * where the name cannot be known for sure (destructuring, a rest parameter, source not available). Used only when
 * `@ToolParam` gives no name. Minifiers rename parameters: name them explicitly in bundled code.
 */
export function readParameterNames(fn: Function): (string | undefined)[] {
  return readParameters(fn).map((parameter) => parameter.name);
}

/** A parameter as its source text shows it. */
export interface SourceParameter {
  /** `undefined` where the name cannot be known for sure. */
  readonly name: string | undefined;
  /** Whether it has a default value (`unit = 'C'`): the method runs without it. */
  readonly hasDefault: boolean;
}

/** The parameters of a function, read from its source text, one entry per parameter (see `readParameterNames`). */
export function readParameters(fn: Function): SourceParameter[] {
  const source = Function.prototype.toString.call(fn);
  const open = source.indexOf('(');
  if (source.includes('[native code]') || open < 0) return [];
  const parts: string[] = [];
  let start = open + 1;
  let closed = false;
  scanBrackets(source, open, (index, char, depth) => {
    if (depth === 1 && char === ',') {
      parts.push(source.slice(start, index));
      start = index + 1;
    } else if (depth === 0) {
      const last = source.slice(start, index);
      if (last.trim() !== '' || parts.length > 0) parts.push(last);
      closed = true;
      return true;
    }
    return false;
  });
  if (!closed) return [];
  return parts.map((raw) => {
    const text = raw.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const equals = text.indexOf('=');
    const name = (equals < 0 ? text : text.slice(0, equals)).trim();
    // A rest parameter (`...args`, as in a wrapper made by another decorator) names no single argument.
    return { name: IDENTIFIER.test(name) ? name : undefined, hasDefault: equals >= 0 };
  });
}

/**
 * Walks `text` from `from`, skipping string literals, and calls `visit` with the bracket depth after each bracket
 * or comma (depth 1 inside the first group); stops when `visit` returns `true`.
 */
function scanBrackets(
  text: string,
  from: number,
  visit: (index: number, char: string, depth: number) => boolean,
): void {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (visit(i, char, depth)) return;
    } else if (char === ',' && visit(i, char, depth)) return;
  }
}
