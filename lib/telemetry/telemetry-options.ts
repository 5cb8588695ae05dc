import type { ChatTelemetry } from '../chat/ports/chat-telemetry';
import { OpenTelemetryChatTelemetry } from './open-telemetry/open-telemetry-chat-telemetry';

export { CAPTURE_MESSAGE_CONTENT_ENV } from './open-telemetry/capture-content';

/** What the library records through OpenTelemetry. */
export interface ToolCallingTelemetryOptions {
  /** `false`: record nothing, even when an OpenTelemetry SDK is registered. Default `true`. */
  readonly enabled?: boolean;
  /**
   * Record the content: the messages sent and received, the tool definitions, each tool call's arguments and
   * result. Default: whether `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT` is `true`. The `ToolContext` is
   * never recorded.
   */
  readonly captureContent?: boolean;
}

function isChatTelemetry(value: object): value is ChatTelemetry {
  return typeof (value as ChatTelemetry).startCall === 'function';
}

/** The telemetry the module gives its `ToolCallingManager`: the app's own, none, or the OpenTelemetry one with these options. */
export function resolveChatTelemetry(
  option: ChatTelemetry | ToolCallingTelemetryOptions | false | undefined,
): ChatTelemetry | undefined {
  if (option === false) return undefined;
  if (option !== undefined && isChatTelemetry(option)) return option;
  if (option?.enabled === false) return undefined;
  return new OpenTelemetryChatTelemetry({ captureContent: option?.captureContent });
}
