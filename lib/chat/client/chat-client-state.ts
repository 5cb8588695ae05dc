import type { RunSubmitterSlot } from '../ports/run-submitter';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import type { ToolContext } from '../../tool/tool-context';
import type { ExecutionScopeProvider } from '../loop/execution-scope';
import type { ChatModel } from '../model/chat-model';
import type { ChatOptions } from '../model/chat-options';
import type { ToolCallHooks } from '../loop/tool-call-hooks';
import type { ToolCallingManager } from '../loop/tool-calling-manager';
import type { ResolvedApprovalOptions } from '../loop/approval-options';
import type { Advisor } from '../advisors/advisor-base';
import type { PrepareRound } from '../loop/round-preparation';
import type { StopCondition } from '../loop/stop-conditions';
import type { ToolResultElision } from '../loop/result-elision';
import type { ToolElicitationHandler } from '../loop/chat-elicitation';

/** A client's defaults, prepared once when the client is made (tool objects turned into callbacks…). */
export interface ChatClientState {
  readonly chatModel: ChatModel;
  readonly manager: ToolCallingManager;
  readonly executionScope?: ExecutionScopeProvider;
  readonly system?: string;
  /** The callbacks of the default tool objects, then the default callbacks and providers. */
  readonly toolCallbacks: readonly (ToolCallback | ToolCallbackProvider)[];
  /** The key under which the manager keeps the resolution of `toolCallbacks` from one call to the next. */
  readonly resolutionKey: object;
  readonly toolNames: readonly string[];
  readonly context: ToolContext;
  readonly options: ChatOptions;
  readonly hooks: readonly ToolCallHooks[];
  readonly advisors: readonly Advisor[];
  readonly advisorParams: Readonly<Record<string, unknown>>;
  readonly approvals: ResolvedApprovalOptions;
  /** Empty: no preparation. */
  readonly prepareRound: readonly PrepareRound[];
  /** Empty: no stop condition. */
  readonly stopWhen: readonly StopCondition[];
  readonly elideToolResults?: ToolResultElision;
  readonly elicitationHandler?: ToolElicitationHandler;
  /** Added to requests that name a conversation (`ChatClientOptions.chatMemory`). */
  readonly memoryAdvisor?: Advisor;
  /** Where `submit()` enqueues runs. */
  readonly runs?: RunSubmitterSlot;
}
