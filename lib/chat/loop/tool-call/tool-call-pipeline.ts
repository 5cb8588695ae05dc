import { toolMetadataOf } from '../../../tool/tool-callback';
import type { Target } from '../tool-round-plan';
import { approvalStage } from './approval.stage';
import { hooksStage } from './hooks.stage';
import { invokeStage } from './invoke.stage';
import { progressStage } from './progress.stage';
import { retryStage } from './retry.stage';
import { resumeStage } from './resume.stage';
import { telemetryStage } from './telemetry.stage';
import type { NextStage, ToolCallStage, ToolRoundScope } from './tool-call-state';

/** Reports that the call starts (a refused call too: it is answered). */
const startedStage: ToolCallStage = (state, next) => {
  const scope = state.scope;
  scope.input.onEvent!({ type: 'tool-call-started', round: scope.round, toolCall: state.call });
  return next(state);
};

/** A call a person refused, or whose arguments the approval check rejected, is answered without its tool or hooks. */
const refusalStage: ToolCallStage = (state, next) => state.refusal ?? next(state);

/** Each stage a round may need, in pipeline order. */
const STAGES: readonly ToolCallStage[] = [
  resumeStage,
  approvalStage,
  startedStage,
  telemetryStage,
  refusalStage,
  hooksStage,
  progressStage,
  retryStage,
];

/** The pipelines composed so far, by the set of stages in them (bit i: `STAGES[i]`). */
const composed: NextStage[] = [];

/**
 * The one path of a tool call, made of the stages the round needs, in this order:
 *
 *   resume → approval → started event → telemetry span → refusal → hooks → progress → retry → invoke
 *
 * then `settleCall` (cap, keep, span end, result event) once the answer is there. A stage the round does not need
 * (no resumed round, no tool with an approval policy, no event listener, no telemetry, no hooks, no tool with
 * retries) is not in it: a
 * round of synchronous tools with none of these is the invoke stage alone, and answers without a promise. Stages
 * read what they need from the call's round, so each combination is composed once and kept.
 */
export function toolCallPipeline(scope: ToolRoundScope, targets: readonly Target[]): NextStage {
  const { input, settings } = scope;
  const resumed = input.resumption !== undefined;
  const needs = needsOf(targets);
  const approvals = (needs & NEEDS_APPROVAL) !== 0;
  const streamed = input.onEvent !== undefined;
  const set =
    (resumed ? 1 : 0) |
    (approvals ? 2 : 0) |
    (streamed ? 4 : 0) |
    (input.telemetry !== undefined ? 8 : 0) |
    (resumed || approvals ? 16 : 0) |
    (settings.hooks.length > 0 ? 32 : 0) |
    (streamed ? 64 : 0) |
    ((needs & NEEDS_RETRY) !== 0 ? 128 : 0);
  return (composed[set] ??= composeStages(
    STAGES.filter((_, i) => (set & (1 << i)) !== 0),
    invokeStage,
  ));
}

/** `stages` around `last`, first to last: each stage's `next` is the one after it. */
export function composeStages(stages: readonly ToolCallStage[], last: NextStage): NextStage {
  let next = last;
  for (let i = stages.length - 1; i >= 0; i--) {
    const stage = stages[i];
    const after = next;
    next = (state) => stage(state, after);
  }
  return next;
}

const NEEDS_APPROVAL = 1;
const NEEDS_RETRY = 2;

/** Which stages the round's tools need: an approval policy, retries. */
function needsOf(targets: readonly Target[]): number {
  let needs = 0;
  for (const target of targets) {
    if (target.kind !== 'tool') continue;
    const metadata = toolMetadataOf(target.callback);
    if (metadata.approval) needs |= NEEDS_APPROVAL;
    if (metadata.retry !== undefined) needs |= NEEDS_RETRY;
  }
  return needs;
}
