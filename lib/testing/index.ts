export {
  ScriptedChatModel,
  type ChatScript,
  type ScriptedResponse,
  type ScriptedTurn,
  type ScriptedToolCall,
  type ScriptedChatModelOptions,
  type RecordedChatRequest,
} from './scripted-chat-model';
export { ScriptExhaustedError } from '../errors/script-exhausted.error';
