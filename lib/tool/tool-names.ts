import { TOOL_NAME_PATTERN } from '../tool-calling.constants';
import { ToolDefinitionError } from '../errors/tool-definition.error';
import { Messages } from '../errors/messages/tool.messages';

export function assertValidToolName(name: string, source?: string): void {
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new ToolDefinitionError(`${source ? `${source}: ` : ''}${Messages.invalidToolName(name)}`, source);
  }
}

/** `getWeather` → `get weather`, `get_air-quality` → `get air quality`: the default description of a tool. */
export function descriptionFromName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}
