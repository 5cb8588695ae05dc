/** The environment variable of the GenAI conventions that turns content capture on. */
export const CAPTURE_MESSAGE_CONTENT_ENV = 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT';

/** Whether the environment asks for content capture (`true`, in any case, around spaces). */
export function captureContentFromEnv(): boolean {
  return process.env[CAPTURE_MESSAGE_CONTENT_ENV]?.trim().toLowerCase() === 'true';
}
