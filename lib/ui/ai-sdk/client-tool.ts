import type { JsonSchema } from '../../tool/json-schema';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolContext } from '../../tool/tool-context';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ToolMetadata } from '../../tool/tool-metadata';

/** The tool-context key under which `streamUIChat()` hands a client tool the browser's outputs, by call id. */
export const CLIENT_TOOL_OUTPUTS = 'nestjs-tool-calling:client-tool-outputs';

/** What the browser answered for one call of a client tool. */
export type ClientToolOutput = { readonly output: unknown } | { readonly errorText: string };

/** A tool the browser runs (`useChat`'s `onToolCall`): its name, description and input schema, for the model. */
export interface ClientToolDefinition {
  /** The tool's name, as the model calls it and `onToolCall` sees it. */
  readonly name: string;
  /** What it does, for the model. */
  readonly description: string;
  /** The JSON Schema of its input. */
  readonly inputSchema: JsonSchema;
}

/**
 * A tool the browser executes: offered to the model like any tool, never run on the server. A call of it pauses
 * the run as an approval does (so the run's state is stored, and only the same caller may go on); the stream sends
 * the call to the client (`tool-input-available`, which `onToolCall` receives), and the client's output in its next
 * request (`addToolOutput`) resumes the run with that output as the result. Hand it to `streamUIChat()` in
 * `clientTools`.
 */
export class ClientToolCallback implements ToolCallback {
  private readonly metadata: ToolMetadata = { returnDirect: false, approval: true };

  constructor(private readonly definition: ClientToolDefinition) {}

  /** The definition the model is sent. */
  getToolDefinition(): ToolDefinition {
    const { name, description, inputSchema } = this.definition;
    return { name, description, inputSchema };
  }

  /** Paused like a call that needs approval: the browser runs it. */
  getToolMetadata(): ToolMetadata {
    return this.metadata;
  }

  /** The browser's output for this call (handed over by `streamUIChat()`), as the result the model reads. */
  call(_input: string, context?: ToolContext): Promise<string> {
    try {
      return Promise.resolve(this.outputOf(context));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private outputOf(context: ToolContext | undefined): string {
    const outputs = context?.get(CLIENT_TOOL_OUTPUTS) as ReadonlyMap<string, ClientToolOutput> | undefined;
    const answer = context?.toolCallId === undefined ? undefined : outputs?.get(context.toolCallId);
    if (answer === undefined)
      throw new Error(`the browser gave no output for this call of "${this.definition.name}"`);
    if ('errorText' in answer) throw new Error(answer.errorText);
    return typeof answer.output === 'string' ? answer.output : JSON.stringify(answer.output ?? null);
  }
}

/** A tool the browser executes (see `ClientToolCallback`). */
export function clientTool(definition: ClientToolDefinition): ClientToolCallback {
  return new ClientToolCallback(definition);
}
