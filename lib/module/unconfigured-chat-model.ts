import type { ChatModel, ChatResponseChunk } from '../chat/model/chat-model';
import type { ChatResponse } from '../chat/model/chat-response';
import { ChatModelConfigurationError } from '../errors/chat-model-configuration.error';
import { ModuleMessages } from '../errors/messages/module.messages';

/** Stands in for the model when none is configured, so that the app boots and each call says what to set. */
export class UnconfiguredChatModel implements ChatModel {
  call(): Promise<ChatResponse> {
    return Promise.reject(this.error());
  }

  // eslint-disable-next-line require-yield, @typescript-eslint/require-await -- a stream that fails on its first read
  async *stream(): AsyncIterable<ChatResponseChunk> {
    throw this.error();
  }

  private error(): ChatModelConfigurationError {
    return new ChatModelConfigurationError('none', ModuleMessages.noChatModel(), 'chatModel');
  }
}
