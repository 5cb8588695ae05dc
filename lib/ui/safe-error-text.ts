import { ToolCallingError } from '../errors/tool-calling.error';

/**
 * The text a browser is shown for a failed call: a fixed sentence, with the class name of this library's errors
 * (stable, and free of data). Never the message: it may quote a provider's answer, a tool's error or a setting.
 */
export function safeErrorText(error: unknown): string {
  return error instanceof ToolCallingError
    ? `The chat failed (${error.name}).`
    : 'The chat failed. The server log has the details.';
}
