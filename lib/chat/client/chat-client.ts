import { isToolCallback, type ToolCallback } from '../../tool/tool-callback';
import type { ToolCallbackProvider } from '../../tool/tool-callback-provider';
import { ToolContext } from '../../tool/tool-context';
import { indexByName } from '../../tool/tool-name-registry';
import type { ChatClientChanges, ChatClientDefaults, ChatClientOptions } from './chat-client-defaults';
import { ChatClientRequestSpec } from './chat-client-request-spec';
import type { ChatClientState } from './chat-client-state';
import type { ChatModel } from '../model/chat-model';
import { mergeChatOptions } from '../model/merge-chat-options';
import { ToolCallingManager } from '../loop/tool-calling-manager';
import { assertElicitationHandler } from '../loop/chat-elicitation';
import { hooksList } from '../loop/tool-calling-manager-options';
import { assertToolCallbackSource } from '../loop/tool-callback-sources';
import { toolCallbacksOfObject } from '../../tool/method/tool-object-callbacks';
import { resolveApprovalOptions } from '../loop/approval-options';
import { MessageChatMemoryAdvisor } from '../advisors/message-chat-memory.advisor';
import type { ApprovalDecision } from '../ports/pending-approval';
import type { CallResponseSpec } from './call-response-spec';
import { assertPrepareRound, prepareRoundList } from '../loop/round-preparation-list';
import { assertStopConditions } from '../loop/stop-conditions';
import { assertToolResultElision } from '../loop/result-elision';

const NO_PARAMS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The entry point for talking to a model with tools (Spring AI's `ChatClient`):
 *
 * ```ts
 * const chat = ChatClient.create(chatModel, { system: 'You are a travel agent', tools: [weatherTools] });
 * const answer = await chat.prompt().user('Weather in Paris and Rome?').toolContext({ tenantId }).call().content();
 * ```
 *
 * Immutable and safe to share: each `prompt()` starts a new request from the defaults. The module provides one as an
 * injectable; `create()` makes more.
 */
export class ChatClient {
  private readonly state: ChatClientState;

  /**
   * Prepares the defaults now: the tool objects' callbacks are built (and checked: an object without `@Tool()`
   * methods, or two different tools with one name, throw here), providers are kept to be asked on each call.
   */
  constructor(
    /** The model every request of this client goes to. */
    readonly chatModel: ChatModel,
    /** What every request starts from. */
    readonly defaults: ChatClientDefaults = {},
    private readonly clientOptions: ChatClientOptions = {},
  ) {
    const managerOption = clientOptions.toolCallingManager;
    const sources: (ToolCallback | ToolCallbackProvider)[] = [];
    for (const object of defaults.tools ?? []) sources.push(...toolCallbacksOfObject(object));
    for (const source of defaults.toolCallbacks ?? []) {
      assertToolCallbackSource(source);
      sources.push(source);
    }
    indexByName(new Set(sources.filter(isToolCallback)));
    const prepareRound = prepareRoundList(defaults.prepareRound);
    prepareRound.forEach(assertPrepareRound);
    const stopWhen = Object.freeze([...(defaults.stopWhen ?? [])]);
    assertStopConditions(stopWhen);
    if (defaults.elideToolResults !== undefined) assertToolResultElision(defaults.elideToolResults);
    this.state = {
      chatModel,
      manager:
        managerOption instanceof ToolCallingManager ? managerOption : new ToolCallingManager(managerOption),
      executionScope: clientOptions.executionScope,
      system: defaults.system,
      toolCallbacks: Object.freeze(sources),
      resolutionKey: {},
      toolNames: defaults.toolNames ?? [],
      context: defaults.toolContext ? ToolContext.of(defaults.toolContext) : ToolContext.empty(),
      options: defaults.options ?? {},
      hooks: hooksList(defaults.hooks),
      advisors: Object.freeze([...(defaults.advisors ?? [])]),
      advisorParams: defaults.advisorParams ?? NO_PARAMS,
      approvals: resolveApprovalOptions(clientOptions.approvals),
      prepareRound,
      stopWhen,
      elideToolResults: defaults.elideToolResults,
      elicitationHandler: assertElicitationHandler(defaults.elicitationHandler),
      ...(clientOptions.runs && { runs: clientOptions.runs }),
      ...(clientOptions.chatMemory && {
        memoryAdvisor: new MessageChatMemoryAdvisor(clientOptions.chatMemory),
      }),
    };
  }

  /** A client for `chatModel` with these defaults. */
  static create(
    chatModel: ChatModel,
    defaults?: ChatClientDefaults,
    options?: ChatClientOptions,
  ): ChatClient {
    return new ChatClient(chatModel, defaults, options);
  }

  /** The manager that resolves and runs this client's tools. */
  get toolCallingManager(): ToolCallingManager {
    return this.state.manager;
  }

  /** A new request from the defaults; `user` is a shortcut for `.user(user)`. */
  prompt(user?: string): ChatClientRequestSpec {
    const spec = new ChatClientRequestSpec(this.state);
    return user === undefined ? spec : spec.user(user);
  }

  /**
   * Decides a pending approval and goes on with its paused call, on this replica or any other sharing the store:
   * approved, the tool runs with the stored arguments; denied, the model is told (with the reason). Rejects with
   * `ApprovalNotFoundError`, `ApprovalAlreadyDecidedError`, `ApprovalExpiredError` or `ApprovalForbiddenError`.
   * The call runs with the current request's tool context; `chat.prompt().toolContext(…).resume(…)` sets it.
   */
  resume(approvalId: string, decision: ApprovalDecision): CallResponseSpec {
    return this.prompt().resume(approvalId, decision);
  }

  /**
   * A new client derived from this one: `system`, `chatModel`, `toolCallingManager`, `executionScope`,
   * `approvals`, `chatMemory`, `elideToolResults` and `elicitationHandler` replace this client's; `tools`, `toolCallbacks`, `toolNames`,
   * `hooks`, `advisors`, `prepareRound` and `stopWhen` are added to its; `toolContext`, `advisorParams` and
   * `options` are merged over its.
   */
  mutate(changes: ChatClientChanges = {}): ChatClient {
    const d = this.defaults;
    const defaults: ChatClientDefaults = {
      system: changes.system ?? d.system,
      tools: [...(d.tools ?? []), ...(changes.tools ?? [])],
      toolCallbacks: [...(d.toolCallbacks ?? []), ...(changes.toolCallbacks ?? [])],
      toolNames: [...(d.toolNames ?? []), ...(changes.toolNames ?? [])],
      toolContext: { ...d.toolContext, ...changes.toolContext },
      options: mergeChatOptions(d.options, changes.options),
      hooks: [...hooksList(d.hooks), ...hooksList(changes.hooks)],
      advisors: [...(d.advisors ?? []), ...(changes.advisors ?? [])],
      advisorParams: { ...d.advisorParams, ...changes.advisorParams },
      prepareRound: [...prepareRoundList(d.prepareRound), ...prepareRoundList(changes.prepareRound)],
      stopWhen: [...(d.stopWhen ?? []), ...(changes.stopWhen ?? [])],
      elideToolResults: changes.elideToolResults ?? d.elideToolResults,
      elicitationHandler: changes.elicitationHandler ?? d.elicitationHandler,
    };
    return new ChatClient(changes.chatModel ?? this.chatModel, defaults, {
      toolCallingManager: changes.toolCallingManager ?? this.state.manager,
      executionScope: changes.executionScope ?? this.clientOptions.executionScope,
      // The same store (not a new in-memory one), so that the two clients resume each other's approvals.
      approvals: changes.approvals ?? this.state.approvals,
      chatMemory: changes.chatMemory ?? this.clientOptions.chatMemory,
      runs: changes.runs ?? this.clientOptions.runs,
    });
  }

  /** `util.inspect` (console.log, loggers) shows the default tool context's keys, never its values. */
  [Symbol.for('nodejs.util.inspect.custom')](
    _depth: number,
    options: object,
    inspect: (value: unknown, options: object) => string,
  ): string {
    const { toolContext, ...defaults } = this.defaults;
    const shown = toolContext ? { ...defaults, toolContext: ToolContext.of(toolContext) } : defaults;
    return `ChatClient ${inspect({ chatModel: this.chatModel, defaults: shown }, options)}`;
  }
}
