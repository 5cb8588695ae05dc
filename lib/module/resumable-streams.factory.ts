import { ToolCallingOptionsError } from '../errors/tool-calling-options.error';
import { ResumableStreams } from '../ui/resumable/resumable-streams';
import type { StateStores } from './state-stores';
import type { ToolCallingModuleOptions } from './tool-calling-module-options';

const DEFAULT_TTL_SECONDS = 300;
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** The injectable `ResumableStreams`: the module's stream store, with the options' TTL and cap (checked here). */
export function resumableStreamsFromOptions(
  options: ToolCallingModuleOptions,
  stores: StateStores,
): ResumableStreams {
  const ttlSeconds = options.streams?.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  const maxBytes = options.streams?.maxBytes ?? DEFAULT_MAX_BYTES;
  positive('streams.ttlSeconds', ttlSeconds);
  positive('streams.maxBytes', maxBytes);
  return new ResumableStreams(stores.streamStore, { ttlSeconds, maxBytes });
}

function positive(option: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new ToolCallingOptionsError(option, value, 'a positive number');
}
