import type { ToolDefinition } from '../../tool/tool-definition';
import type { ToolResponse } from '../../chat/model/messages';
import { partBytes } from '../../tool/result/part-bytes';
import type { ToolResultPart } from '../../tool/result/tool-result-part';
import { StateMessages } from '../../errors/messages/state.messages';
import { humanize } from './offline-words';

/** The sentence every answer of the offline model ends with, so that no one takes it for a language model. */
export const OFFLINE_MODEL_NOTICE =
  '(Offline model, not a language model: it picks tools by the words of your question and repeats their results. ' +
  'Configure a provider to get real answers.)';

/** The answer after the tool round: the tool results, rendered as readable lines. */
export function composeAnswer(question: string, responses: readonly ToolResponse[]): string {
  if (responses.length === 0) return withNotice('I found nothing to answer that with.');
  const lines = responses.map((response) => {
    const what = humanize(response.name);
    if (response.isError && deniedByUser(response)) return `I did not ${what}: you did not approve it.`;
    if (response.isError) return `I could not ${what}: ${response.result}`;
    const media = response.content === undefined ? '' : describeMedia(response.content);
    if (media === '') return `${capitalise(what)}: ${render(response.result)}`;
    if (response.result === '') return `${capitalise(what)}: ${media}`;
    return `${capitalise(what)}: ${render(response.result)}; ${media}`;
  });
  return withNotice(
    `Here is what I found for "${question.trim()}":\n${lines.map((line) => `- ${line}`).join('\n')}`,
  );
}

/**
 * A denied call's result is the library's message to the model ("…so it was not run. Do not try again…"); a real
 * model turns it into words for the user, and so does this one.
 */
function deniedByUser(response: ToolResponse): boolean {
  const denial = StateMessages.approvalDenied(response.name, undefined);
  return response.result.startsWith(denial.slice(0, denial.indexOf(', so it was not run')));
}

/** The answer when the question asks for a change no offered tool makes. */
export function refuseChange(verb: string): string {
  return withNotice(`I may not ${verb} that for you: none of the tools I was given can ${verb} anything.`);
}

/** The answer when no tool matches the question: what the offered tools do. */
export function helpText(tools: readonly ToolDefinition[]): string {
  if (tools.length === 0)
    return withNotice('I am the offline model, and no tools were offered to me, so I cannot help with that.');
  return withNotice(
    'I am the offline model: I answer by calling the tools whose names match words of your question. I can: ' +
      tools.map((tool) => tool.description.replace(/\.$/, '')).join('; ') +
      '.',
  );
}

function withNotice(text: string): string {
  return `${text}\n\n${OFFLINE_MODEL_NOTICE}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The media of a result, named as a reader of the answer would want them ("an image (image/png, 1,234 bytes)"): the
 * offline model cannot see them, and never repeats their bytes.
 */
function describeMedia(content: readonly ToolResultPart[]): string {
  const named = content.filter((part) => part.type !== 'text').map(describePart);
  return named.join(', ');
}

function describePart(part: ToolResultPart): string {
  switch (part.type) {
    case 'resource-link':
      return `a link to ${part.name} (${part.uri})`;
    case 'resource':
      return `the resource ${part.uri} (${partBytes(part).toLocaleString('en-US')} bytes)`;
    case 'text':
      return part.text;
    default: {
      const kind = part.type === 'image' ? 'an image' : part.type === 'audio' ? 'a sound' : 'a file';
      const where =
        part.data !== undefined ? `${partBytes(part).toLocaleString('en-US')} bytes` : `at ${part.url}`;
      return `${kind} (${part.mediaType}, ${where})`;
    }
  }
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
    .map(
      ([key, item]) =>
        `${key} ${item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item)}`,
    )
    .join(', ');
}
