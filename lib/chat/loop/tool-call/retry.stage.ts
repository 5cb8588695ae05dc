import { toolMetadataOf } from '../../../tool/tool-callback';
import { ToolCallRetry } from './tool-call-retry';
import type { ToolCallStage } from './tool-call-state';

/**
 * A tool with `retry` options is called again, after a wait, while it fails with a transient error and its
 * attempts and time limit allow (see `ToolCallRetry`). Only in the pipeline of a round that calls such a tool.
 */
export const retryStage: ToolCallStage = (state, next) => {
  const target = state.target;
  if (target.kind !== 'tool') return next(state);
  const retry = toolMetadataOf(target.callback).retry;
  if (retry === undefined || retry.maxAttempts < 2) return next(state);
  return new ToolCallRetry(state, next, retry).attempt();
};
