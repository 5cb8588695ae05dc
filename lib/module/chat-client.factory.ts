import type { ChatModel } from '../chat/model/chat-model';
import { ChatClient } from '../chat/client/chat-client';
import { ToolCallingManager } from '../chat/loop/tool-calling-manager';
import type { ChatModelSettings } from '../models/chat-model-settings';
import type { OfflineChatModelSettings } from '../models/offline/offline-chat-model-settings';
import { createChatModel } from '../models/chat-model.factory';
import { AllToolsProvider } from './all-tools.provider';
import type { RequestContextHolder } from './request-context.holder';
import type { ToolCallbackRegistry } from './tool-callback.registry';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';
import { UnconfiguredChatModel } from './unconfigured-chat-model';
import type { StateStores } from './state-stores';
import type { RunSubmitterSlot } from '../chat/ports/run-submitter';
import { resolveChatTelemetry } from '../telemetry/telemetry-options';

function isChatModel(value: ChatModel | ChatModelSettings | OfflineChatModelSettings): value is ChatModel {
  return typeof (value as ChatModel).call === 'function' && typeof (value as ChatModel).stream === 'function';
}

/** The module's `ChatModel`: the one given, one made from provider settings, or one that says none is set. */
export function chatModelFromOptions(options: ToolCallingModuleOptions): ChatModel {
  const { chatModel } = options;
  if (!chatModel) return new UnconfiguredChatModel();
  return isChatModel(chatModel) ? chatModel : createChatModel(chatModel);
}

/** The module's `ToolCallingManager`: the registry resolves tool names; limits, processor and hooks from options. */
export function toolCallingManagerFromOptions(
  options: ToolCallingModuleOptions,
  registry: ToolCallbackRegistry,
): ToolCallingManager {
  return new ToolCallingManager({
    resolver: registry,
    limits: options.limits,
    exceptionProcessor: options.exceptionProcessor,
    hooks: options.hooks,
    internalToolExecution: options.internalToolExecution,
    telemetry: resolveChatTelemetry(options.telemetry),
  });
}

/**
 * The injectable `ChatClient`: the module's model and manager, the options' defaults, every tool of the application
 * unless `offerAllTools: false`, chat memory (unless `memory: false`), the approval store, and the current HTTP request (from `RequestContextHolder`) as the execution scope,
 * so that request-scoped tools are bound to the request the chat call serves, and (unless `abortOnDisconnect:
 * false`) the call stops when that request's client hangs up.
 */
export function chatClientFromOptions(
  options: ToolCallingModuleOptions,
  chatModel: ChatModel,
  manager: ToolCallingManager,
  registry: ToolCallbackRegistry,
  requests: RequestContextHolder,
  stores: StateStores,
  runs?: RunSubmitterSlot,
): ChatClient {
  const defaults = options.defaults ?? {};
  const abortOnDisconnect = options.abortOnDisconnect !== false;
  const toolCallbacks =
    options.offerAllTools === false
      ? defaults.toolCallbacks
      : [new AllToolsProvider(registry), ...(defaults.toolCallbacks ?? [])];
  return ChatClient.create(
    chatModel,
    { ...defaults, toolCallbacks },
    {
      toolCallingManager: manager,
      approvals: { ...options.approvals, store: stores.approvalStore },
      ...(options.memory !== false && { chatMemory: stores.chatMemory }),
      ...(runs && { runs }),
      executionScope: () => {
        const request = requests.currentRequest();
        if (request === undefined) return undefined;
        const signal = abortOnDisconnect ? requests.disconnectSignal() : undefined;
        return signal === undefined ? { request } : { request, signal };
      },
    },
  );
}
