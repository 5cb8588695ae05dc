import { RoundPreparationError } from '../../errors/round-preparation.error';
import { LoopSteeringMessages } from '../../errors/messages/loop-steering.messages';
import { previewValue } from '../../errors/messages/tool.messages';
import type { ToolCallback } from '../../tool/tool-callback';
import type { ToolDefinition } from '../../tool/tool-definition';
import type { ChatOptions, ToolChoice } from '../model/chat-options';
import { mergeChatOptions } from '../model/merge-chat-options';
import { systemMessage, type Message } from '../model/messages';
import type { Prompt } from '../model/prompt';
import type { RoundSteering } from '../ports/chat-telemetry';
import type { ChatRunState } from './chat-run-state';
import { assertToolCallsPaired, isList } from './message-pairing';

/** What a `prepareRound` hook sees: the run so far, and the model request about to be made. */
export interface PrepareRoundInput extends ChatRunState {
  /** 1-based number of the model request being prepared. */
  readonly round: number;
  /** The tools this request would offer (after the hooks before this one). */
  readonly tools: readonly ToolDefinition[];
  /** The options this request would be sent with (after the hooks before this one). */
  readonly options: ChatOptions;
  /** The messages this request would send (after the hooks before this one): at first the whole conversation. */
  readonly messages: readonly Message[];
}

/** What a `prepareRound` hook changes for one model request; what it leaves out stays as it is. */
export interface RoundPreparation {
  /**
   * The names of the only tools offered in this request, each among the run's tools (else a
   * `RoundPreparationError`). A tool left out that the model calls anyway is refused like an unknown tool.
   */
  readonly activeTools?: readonly string[];
  /** Whether the model may (`'auto'`), must (`'required'`) or must not (`'none'`) call a tool, or which one. */
  readonly toolChoice?: ToolChoice;
  /** Merged over the request's options (model, temperature…). */
  readonly options?: ChatOptions;
  /** Replaces the system message of this request (added first when there is none). */
  readonly system?: string;
  /**
   * The messages sent in this request instead (e.g. the conversation trimmed). An assistant message with tool calls
   * must be followed by the tool message answering exactly those calls, and a tool message must follow its calls,
   * else a `RoundPreparationError`. The run's conversation (and chat memory) keeps every message.
   */
  readonly messages?: readonly Message[];
}

/**
 * Called before each model request of a chat call (the AI SDK's `prepareStep`), synchronously or not: it may restrict
 * the tools offered, force or forbid tool use, change the options or the system prompt, or trim the messages sent,
 * for that request only. Returns nothing to leave the request as it is. A hook that throws fails the call.
 */
export type PrepareRound = (
  input: PrepareRoundInput,
) => RoundPreparation | undefined | void | Promise<RoundPreparation | undefined | void>;

/** A model request as the hooks made it, with the tools its response may run. */
export interface PreparedRound {
  readonly prompt: Prompt;
  /** The tools the response may run; absent: every tool of the run. */
  readonly tools?: ReadonlyMap<string, ToolCallback>;
  /** What changed, for telemetry. */
  readonly steering: RoundSteering;
}

/** Runs the hooks in order, each seeing the request as the ones before it left it. */
export function prepareRound(
  hooks: readonly PrepareRound[],
  state: ChatRunState,
  round: number,
  base: Prompt,
  runTools: ReadonlyMap<string, ToolCallback>,
): PreparedRound | Promise<PreparedRound> {
  const draft = new RoundDraft(state, round, base, runTools);
  for (let i = 0; i < hooks.length; i++) {
    const changes = hooks[i](draft.input());
    if (
      changes instanceof Promise ||
      typeof (changes as PromiseLike<unknown> | undefined)?.then === 'function'
    ) {
      return continueAsync(hooks, i, Promise.resolve(changes), draft);
    }
    draft.apply(changes);
  }
  return draft.finish();
}

async function continueAsync(
  hooks: readonly PrepareRound[],
  index: number,
  pending: Promise<RoundPreparation | undefined | void>,
  draft: RoundDraft,
): Promise<PreparedRound> {
  draft.apply(await pending);
  for (let i = index + 1; i < hooks.length; i++) draft.apply(await hooks[i](draft.input()));
  return draft.finish();
}

/** The restriction a list of active tools made last, reused while the list, the run's tools and the offer are the same. */
interface Restriction {
  readonly names: readonly string[];
  readonly runTools: ReadonlyMap<string, ToolCallback>;
  readonly base: readonly ToolDefinition[];
  readonly tools: readonly ToolDefinition[];
  readonly active: ReadonlySet<string>;
  readonly map: ReadonlyMap<string, ToolCallback>;
  readonly list: readonly string[];
}

// Hooks often return one constant list of names: its restriction is worked out once, not every round.
const restrictions = new WeakMap<readonly string[], Restriction>();

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class RoundDraft {
  private messages: readonly Message[];
  private tools: readonly ToolDefinition[];
  private options: ChatOptions;
  private active: ReadonlySet<string> | undefined;
  private activeMap: ReadonlyMap<string, ToolCallback> | undefined;
  private activeList: readonly string[] | undefined;
  private readonly steering: { -readonly [K in keyof RoundSteering]: RoundSteering[K] } = {};

  constructor(
    private readonly state: ChatRunState,
    private readonly round: number,
    private readonly base: Prompt,
    private readonly runTools: ReadonlyMap<string, ToolCallback>,
  ) {
    this.messages = base.messages;
    this.tools = base.tools;
    this.options = base.options;
  }

  input(): PrepareRoundInput {
    return new RoundInput(this.state, this.round, this.tools, this.options, this.messages);
  }

  apply(changes: RoundPreparation | undefined | void): void {
    if (changes === undefined || changes === null) return;
    const round = this.round;
    if (typeof changes !== 'object' || Array.isArray(changes))
      throw new RoundPreparationError(
        round,
        LoopSteeringMessages.notAPreparation(round, previewValue(changes)),
      );
    const { activeTools, toolChoice, options, system, messages } = changes;
    if (activeTools !== undefined) this.restrictTools(activeTools);
    if (options !== undefined) {
      this.options = mergeChatOptions(this.options, options);
      this.steering.optionsChanged = true;
    }
    if (toolChoice !== undefined) this.options = { ...this.options, toolChoice };
    if (messages !== undefined && messages !== this.messages) {
      assertToolCallsPaired(messages, round);
      this.messages = messages;
      this.steering.messagesSent = messages.length;
    }
    if (system !== undefined) {
      const first = this.messages[0];
      this.messages =
        first?.role === 'system'
          ? [systemMessage(system), ...this.messages.slice(1)]
          : [systemMessage(system), ...this.messages];
      this.steering.systemReplaced = true;
    }
  }

  finish(): PreparedRound {
    const round = this.round;
    const choice = this.options.toolChoice;
    const choiceChanged = choice !== this.base.options.toolChoice;
    if (choice !== undefined && (choiceChanged || this.active !== undefined)) {
      const offered = this.tools.map((tool) => tool.name);
      if (typeof choice === 'object' && !offered.includes(choice.name))
        throw new RoundPreparationError(
          round,
          LoopSteeringMessages.toolChoiceNotOffered(round, choice.name, offered),
        );
      if (choice === 'required' && offered.length === 0)
        throw new RoundPreparationError(round, LoopSteeringMessages.toolChoiceWithoutTools(round));
      if (choiceChanged) this.steering.toolChoice = choice;
    }
    const active = this.active;
    let tools: ReadonlyMap<string, ToolCallback> | undefined;
    if (active !== undefined) {
      tools = this.activeMap;
      this.steering.activeTools = this.activeList;
    }
    const prompt: Prompt = { messages: this.messages, tools: this.tools, options: this.options };
    return tools === undefined
      ? { prompt, steering: this.steering }
      : { prompt, tools, steering: this.steering };
  }

  private restrictTools(names: readonly string[]): void {
    const round = this.round;
    const runTools = this.runTools;
    const known = isList(names) ? restrictions.get(names) : undefined;
    if (
      known !== undefined &&
      known.runTools === runTools &&
      known.base === this.base.tools &&
      sameNames(known.names, names)
    ) {
      this.tools = known.tools;
      this.active = known.active;
      this.activeMap = known.map;
      this.activeList = known.list;
      return;
    }
    if (!isList(names))
      throw new RoundPreparationError(
        round,
        LoopSteeringMessages.unknownActiveTools(round, [String(names)], [...runTools.keys()]),
      );
    const active = new Set<string>();
    let unknown: string[] | undefined;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (typeof name === 'string' && runTools.has(name)) active.add(name);
      else (unknown ??= []).push(String(name));
    }
    if (unknown !== undefined)
      throw new RoundPreparationError(
        round,
        LoopSteeringMessages.unknownActiveTools(round, unknown, [...runTools.keys()]),
      );
    // The base definitions keep their order (and a tool selector's form); a tool it did not offer is added.
    const base = this.base.tools;
    const tools: ToolDefinition[] = [];
    const offered = new Set<string>();
    for (let i = 0; i < base.length; i++) {
      const name = base[i].name;
      if (active.has(name)) {
        tools.push(base[i]);
        offered.add(name);
      }
    }
    if (offered.size < active.size)
      for (const name of active) if (!offered.has(name)) tools.push(runTools.get(name)!.getToolDefinition());
    const map = new Map<string, ToolCallback>();
    for (const name of active) map.set(name, runTools.get(name)!);
    const list = Object.freeze([...active]);
    restrictions.set(names, { names: names.slice(), runTools, base, tools, active, map, list });
    this.tools = tools;
    this.active = active;
    this.activeMap = map;
    this.activeList = list;
  }
}

/** A class rather than a spread literal: made for every hook of every round. */
class RoundInput implements PrepareRoundInput {
  readonly rounds: number;
  readonly responses: PrepareRoundInput['responses'];
  readonly toolExecutions: PrepareRoundInput['toolExecutions'];
  readonly usage: PrepareRoundInput['usage'];
  readonly toolContext: PrepareRoundInput['toolContext'];
  readonly context: PrepareRoundInput['context'];

  constructor(
    state: ChatRunState,
    readonly round: number,
    readonly tools: readonly ToolDefinition[],
    readonly options: ChatOptions,
    readonly messages: readonly Message[],
  ) {
    this.rounds = state.rounds;
    this.responses = state.responses;
    this.toolExecutions = state.toolExecutions;
    this.usage = state.usage;
    this.toolContext = state.toolContext;
    this.context = state.context;
  }
}
