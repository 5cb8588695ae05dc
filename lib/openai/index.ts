// nestjs-tool-calling/openai: the adapters on the `openai` SDK (an optional peer). Its types are reachable only from
// this entry, so an app without `openai` compiles against the root entry.
export { OpenAiChatModel, type OpenAiChatModelOptions } from '../models/openai/openai-chat-model';
export { toOpenAiStrictSchema } from '../models/openai/openai-strict-schema';
export {
  OpenAiResponsesChatModel,
  type OpenAiResponsesChatModelOptions,
} from '../models/openai-responses/openai-responses-chat-model';
export {
  AzureOpenAiChatModel,
  type AzureOpenAiChatModelOptions,
} from '../models/azure-openai/azure-openai-chat-model';
