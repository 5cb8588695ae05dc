import { isRecord } from '../util/is-record';
/**
 * The arguments of a tool call as the JSON text the port carries. Some OpenAI-compatible servers send
 * `function.arguments` as a JSON object rather than text: it is the arguments, written back as JSON. Nothing at all
 * is empty text; any other value is written as JSON too, which the tool then refuses as "not an object".
 */
export function toolArgumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** The arguments a model wrote, as the object a provider wants back in the history; `{}` when they are not one. */
export function toolArgumentsObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
