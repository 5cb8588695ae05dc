// nestjs-tool-calling/opentelemetry: GenAI spans and metrics through `@opentelemetry/api` (an optional peer). The
// module uses it by default when the API is installed; import it to configure one by hand.
export { OpenTelemetryChatTelemetry } from '../telemetry/open-telemetry/open-telemetry-chat-telemetry';
