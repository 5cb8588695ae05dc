import { toolMetadataOf } from '../../../tool/tool-callback';
import type { Target } from '../tool-round-plan';
import { approvalStage } from './approval.stage';
import { hooksStage } from './hooks.stage';
import { invokeStage } from './invoke.stage';
import { resumeStage } from './resume.stage';
import { telemetryStage } from './telemetry.stage';
import type { NextStage, ToolCallStage, ToolRoundScope } from './tool-call-state';

/**
 * The one path of a tool call, composed once per round from the stages the round needs, in this order:
 *
 *   resume → approval → started event → telemetry span → refusal → hooks → invoke
 *
 * then `settleCall` (cap, keep, span end, result event) once the answer is there. A stage the round does not need
 * (no resumed round, no tool with an approval policy, no event listener, no telemetry, no hooks) is not in it: a
 * round of synchronous tools with none of these is the invoke stage alone, and answers without a promise.
 */
export function toolCallPipeline(scope: ToolRoundScope, targets: readonly Target[]): NextStage {
  const { input, settings } = scope;
  const stages: ToolCallStage[] = [];
  const resumption = input.resumption;
  if (resumption !== undefined) stages.push(resumeStage(resumption, scope.responses));
  const approvals = targets.some(needsApproval);
  if (approvals) stages.push(approvalStage(scope));
  if (input.onEvent !== undefined) stages.push(startedStage(scope));
  if (input.telemetry !== undefined) stages.push(telemetryStage(input.telemetry, scope.round));
  if (resumption !== undefined || approvals) stages.push(refusalStage);
  if (settings.hooks.length > 0) stages.push(hooksStage(scope, settings.hooks));
  return composeStages(stages, invokeStage(scope));
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

function needsApproval(target: Target): boolean {
  return target.kind === 'tool' && Boolean(toolMetadataOf(target.callback).approval);
}

/** Reports that the call starts (a refused call too: it is answered). */
function startedStage(scope: ToolRoundScope): ToolCallStage {
  const onEvent = scope.input.onEvent!;
  const round = scope.round;
  return (state, next) => {
    onEvent({ type: 'tool-call-started', round, toolCall: state.call });
    return next(state);
  };
}

/** A call a person refused, or whose arguments the approval check rejected, is answered without its tool or hooks. */
const refusalStage: ToolCallStage = (state, next) => state.refusal ?? next(state);
