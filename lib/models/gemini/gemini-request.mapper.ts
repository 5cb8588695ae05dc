import type {
  FunctionDeclaration,
  GenerateContentConfig,
  GenerateContentParameters,
  ToolConfig,
} from '@google/genai';
import type { ChatOptions, ToolChoice } from '../../chat/model/chat-options';
import type { Prompt } from '../../chat/model/prompt';
import type { ToolDefinition } from '../../tool/tool-definition';
import { toGeminiConversation } from './gemini-content.mapper';
import { toGeminiSchema } from './gemini-schema';
import type { GeminiResultMedia } from './gemini-tool-result.mapper';

/**
 * The parameters of `models.generateContent` (without the abort signal). `providerOptions` are merged into
 * `config` first (`thinkingConfig`, `safetySettings`…), so the fields the adapter sets win. Gemini has no switch
 * for parallel calls: `parallelToolCalls` is ignored.
 */
export function toGeminiRequest(
  prompt: Prompt,
  options: ChatOptions,
  defaultModel: string,
  resultMedia?: GeminiResultMedia,
): GenerateContentParameters {
  const model = options.model ?? defaultModel;
  const { systemInstruction, contents } = toGeminiConversation(
    prompt.messages,
    resultMedia ?? defaultResultMedia(model),
  );
  const config: GenerateContentConfig = { ...(options.providerOptions as GenerateContentConfig | undefined) };
  if (systemInstruction !== undefined) config.systemInstruction = systemInstruction;
  if (options.temperature !== undefined) config.temperature = options.temperature;
  if (options.topP !== undefined) config.topP = options.topP;
  if (options.maxTokens !== undefined) config.maxOutputTokens = options.maxTokens;
  if (options.stop !== undefined && options.stop.length > 0) config.stopSequences = [...options.stop];
  if (prompt.tools.length > 0) {
    config.tools = [{ functionDeclarations: prompt.tools.map(toFunctionDeclaration) }];
    if (options.toolChoice !== undefined) config.toolConfig = toToolConfig(options.toolChoice);
  }
  return { model, contents, config };
}

/** Function responses with media came with Gemini 3: earlier models get them after the function responses. */
function defaultResultMedia(model: string): GeminiResultMedia {
  return /^(models\/)?gemini-[12][.-]/.test(model) ? 'user-content' : 'function-response';
}

/** A tool definition as a Gemini `functionDeclaration`, its schema adapted to Gemini's dialect. */
export function toFunctionDeclaration(definition: ToolDefinition): FunctionDeclaration {
  const parameters = toGeminiSchema(definition.inputSchema);
  return {
    name: definition.name,
    description: definition.description,
    ...(parameters ? { parameters: parameters } : {}),
  };
}

function toToolConfig(choice: ToolChoice): ToolConfig {
  if (typeof choice !== 'string') {
    return { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: [choice.name] } };
  }
  const mode = choice === 'required' ? 'ANY' : choice === 'none' ? 'NONE' : 'AUTO';
  return { functionCallingConfig: { mode: mode as never } };
}
