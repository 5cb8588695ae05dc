import type { ToolCallback } from '../../tool/tool-callback';
import { InvalidChatRequestError } from '../../errors/invalid-chat-request.error';
import { LoopSteeringMessages } from '../../errors/messages/loop-steering.messages';
import { userMessage, type Message, type ToolResponse } from '../model/messages';
import type { Prompt } from '../model/prompt';
import type { StopReason } from '../ports/chat-client-response';
import type { AnswerRepair } from './answer-repair';
import type { ChatRequest } from './chat-request';
import type { ChatRunState } from './chat-run-state';
import { elideToolResults } from './result-elision';
import { prepareRound, type PreparedRound } from './round-preparation';
import { lastRoundResults, stopReasonOf, toolNameOf, type StopCondition } from './stop-conditions';

const NOTHING_CHANGED: PreparedRound['steering'] = Object.freeze({});

/** Why a stop condition ended the call, and the tool results that answer it (for `hasToolCall`). */
export interface StopDecision {
  readonly reason: StopReason;
  readonly direct?: readonly ToolResponse[];
}

/**
 * What a request asks of the loop besides its limits: round preparation, result elision, stop conditions, answer
 * repair. A chat run has one only when the request asks for one of them, so that a plain run pays nothing.
 */
export class RunSteering {
  private repairs = 0;

  private constructor(
    private readonly request: ChatRequest,
    private readonly stopWhen: readonly StopCondition[] | undefined,
  ) {}

  /**
   * Refuses a `hasToolCall` condition naming none of the run's tools (a typo would never stop the call). Not with a
   * tool selector, whose tools may be loaded later.
   */
  checkTools(tools: ReadonlyMap<string, ToolCallback>): void {
    for (const condition of this.stopWhen ?? []) {
      const name = toolNameOf(condition);
      if (name !== undefined && !tools.has(name))
        throw new InvalidChatRequestError(LoopSteeringMessages.unknownStopTool(name, [...tools.keys()]));
    }
  }

  static of(request: ChatRequest): RunSteering | undefined {
    const stopWhen = request.stopWhen;
    return request.prepareRound === undefined &&
      stopWhen === undefined &&
      request.elideToolResults === undefined &&
      request.answerRepair === undefined
      ? undefined
      : new RunSteering(request, stopWhen);
  }

  /** Whether the requests are prepared or elided (else they go as the run makes them). */
  get preparesRounds(): boolean {
    return this.request.prepareRound !== undefined || this.request.elideToolResults !== undefined;
  }

  /** The round's request as the hooks made it, old tool results elided. */
  prepare(
    state: ChatRunState,
    round: number,
    base: Prompt,
    tools: ReadonlyMap<string, ToolCallback>,
  ): PreparedRound | Promise<PreparedRound> {
    const hooks = this.request.prepareRound;
    if (hooks === undefined) return this.elide({ prompt: base, steering: NOTHING_CHANGED });
    const prepared = prepareRound(hooks, state, round, base, tools);
    return prepared instanceof Promise ? prepared.then((p) => this.elide(p)) : this.elide(prepared);
  }

  private elide(prepared: PreparedRound): PreparedRound {
    const elision = this.request.elideToolResults;
    if (elision === undefined) return prepared;
    const { messages, elided } = elideToolResults(prepared.prompt.messages, elision);
    if (elided === 0) return prepared;
    return {
      ...prepared,
      prompt: { ...prepared.prompt, messages },
      steering: { ...prepared.steering, elidedToolResults: elided },
    };
  }

  /** The first condition that holds after a round of tool calls; `undefined` when none does. */
  shouldStop(state: ChatRunState): StopDecision | undefined | Promise<StopDecision | undefined> {
    const conditions = this.stopWhen;
    if (conditions === undefined) return undefined;
    for (let i = 0; i < conditions.length; i++) {
      const holds = conditions[i](state);
      if (holds instanceof Promise) return this.continueStop(state, i, holds);
      if (holds) return decision(conditions[i], state);
    }
    return undefined;
  }

  private async continueStop(
    state: ChatRunState,
    index: number,
    pending: Promise<boolean>,
  ): Promise<StopDecision | undefined> {
    const conditions = this.stopWhen!;
    if (await pending) return decision(conditions[index], state);
    for (let i = index + 1; i < conditions.length; i++)
      if (await conditions[i](state)) return decision(conditions[i], state);
    return undefined;
  }

  /**
   * The repair request for an answer that does not fit, with the conversation it continues; `undefined` when the
   * answer fits, no repair was asked for, or the attempts are spent.
   */
  async repair(answer: string, history: readonly Message[]): Promise<readonly Message[] | undefined> {
    const repair: AnswerRepair | undefined = this.request.answerRepair;
    if (repair === undefined || this.repairs >= repair.maxAttempts) return undefined;
    const problems = await repair.check(answer);
    if (problems === undefined) return undefined;
    this.repairs++;
    return [...history, userMessage(problems)];
  }
}

function decision(condition: StopCondition, state: ChatRunState): StopDecision {
  const reason = stopReasonOf(condition);
  const toolName = toolNameOf(condition);
  return toolName === undefined ? { reason } : { reason, direct: lastRoundResults(state, toolName) };
}
