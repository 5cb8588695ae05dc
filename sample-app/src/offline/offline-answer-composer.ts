import type { ToolResponse } from 'nestjs-tool-calling';

/** The offline model's answer: the tool results, rendered as readable sentences. */
export function composeAnswer(question: string, responses: readonly ToolResponse[]): string {
  if (responses.length === 0) return 'I found nothing to answer that with.';
  const lines = responses.map((response) => {
    const what = humanize(response.name);
    if (response.isError && deniedByUser(response)) return `I did not ${what}: you did not approve it.`;
    if (response.isError) return `I could not ${what}: ${response.result}`;
    return `${capitalise(what)}: ${render(response.result)}`;
  });
  return `Here is what I found for "${question.trim()}":\n${lines.map((line) => `- ${line}`).join('\n')}`;
}

/**
 * A denied call's result is the library's message to the model ("…so it was not run. Do not try again…"); a real
 * model turns it into words for the user, and so does this one.
 */
function deniedByUser(response: ToolResponse): boolean {
  return response.result.startsWith(`The user did not approve the call of "${response.name}"`);
}

function humanize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]/g, ' ')
    .toLowerCase();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function render(result: string): string {
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    return result;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((item) => `\n    • ${renderValue(item)}`).join('');
  }
  return renderValue(value);
}

function renderValue(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => key !== 'tenantId' && key !== 'createdAt')
    .map(([key, item]) => `${key} ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`) // eslint-disable-line @typescript-eslint/no-base-to-string -- objects take the JSON branch
    .join(', ');
}
