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
