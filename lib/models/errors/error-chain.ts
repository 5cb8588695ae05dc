import { ChatModelConfigurationError } from '../../errors/chat-model-configuration.error';
import { ProviderAdapterMessages } from '../../errors/messages/provider-adapter.messages';

const MAX_DEPTH = 4;

/** Duck-typed, so that errors from another realm (fetch's, in a test sandbox) count too. */
export function isError(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** The error and its causes, outermost first, a few deep. */
export function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; chain.length < MAX_DEPTH && isError(current); current = current.cause) {
    chain.push(current);
  }
  return chain;
}

/** The messages of an error and of its causes: "terminated: other side closed". */
export function causeText(error: Error): string {
  return errorChain(error)
    .map((link) => link.message)
    .filter((message) => message.length > 0)
    .join(': ');
}

/**
 * Why a connection failed, in the words of the deepest cause that says something ("connect ECONNREFUSED
 * 127.0.0.1:8080"), rather than the wrappers' ("Connection error.", "fetch failed").
 */
export function rootCauseText(error: Error): string {
  const messages = errorChain(error)
    .map((link) => link.message.replace(/\.$/, ''))
    .filter((message) => message.length > 0);
  return messages[messages.length - 1] ?? error.name;
}

/** Whether the error or one of its causes has one of these names. */
export function chainHasName(error: unknown, names: readonly string[]): boolean {
  return errorChain(error).some((link) => names.includes(link.name));
}

/**
 * A request the HTTP client refused to build: a header value with a line break (`Headers.append: "Bearer …" is an
 * invalid header value`) or a URL it will not fetch. Its message quotes the value, so only the kind of problem is
 * kept, as a configuration error.
 */
export function refusedByHttpClient(
  error: unknown,
  provider: string,
): ChatModelConfigurationError | undefined {
  for (const link of errorChain(error).slice(0, 3)) {
    if (link.name !== 'TypeError') continue;
    if (/header/i.test(link.message)) {
      return new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.headerRejected(provider),
        'headers',
      );
    }
    if (/\burl\b/i.test(link.message)) {
      return new ChatModelConfigurationError(
        provider,
        ProviderAdapterMessages.urlRejected(provider),
        'baseURL',
      );
    }
  }
  return undefined;
}
