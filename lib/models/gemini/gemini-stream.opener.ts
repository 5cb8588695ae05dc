import type { GenerateContentParameters, GenerateContentResponse, GoogleGenAI } from '@google/genai';

/**
 * Opens a Gemini stream with the time limit bounding only the wait for the response. The SDK's own limit bounds the
 * whole attempt, body included, so a stream longer than `timeoutMs` would be cut; here the SDK gets none, the
 * response must start within `timeoutMs`, and the frame's idle limit bounds the silences after. A late response
 * fails as the SDK's own time limit does (a `TimeoutError`).
 */
export async function openGeminiStream(
  client: GoogleGenAI,
  request: GenerateContentParameters,
  signal: AbortSignal,
  timeoutMs: number | undefined,
): Promise<AsyncIterable<GenerateContentResponse>> {
  if (timeoutMs === undefined) {
    return client.models.generateContentStream({
      ...request,
      config: { ...request.config, abortSignal: signal },
    });
  }
  const controller = new AbortController();
  const follow = () => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException('the response did not start in time', 'TimeoutError')),
    timeoutMs,
  );
  try {
    return await client.models.generateContentStream({
      ...request,
      config: {
        ...request.config,
        abortSignal: controller.signal,
        httpOptions: { ...request.config?.httpOptions, timeout: 0 },
      },
    });
  } finally {
    clearTimeout(timer);
  }
}
