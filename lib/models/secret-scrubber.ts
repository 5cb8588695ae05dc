import { scrubSecrets } from '../errors/messages/models.messages';

export { scrubSecrets };

const MAX_CAUSE_DEPTH = 3;

/** The secrets a base URL carries: its password and its user name (`https://user:password@host`). */
export function baseUrlSecrets(baseURL: string | undefined): string[] {
  if (!baseURL) return [];
  try {
    const url = new URL(baseURL);
    return [
      url.password,
      url.username,
      decodeURIComponent(url.password),
      decodeURIComponent(url.username),
    ].filter((part) => part.length > 0);
  } catch {
    return [];
  }
}

/**
 * A copy of an error and of its causes (three deep) whose messages are scrubbed of secrets; name, code and errno are
 * kept, stacks are not (they quote the message). Given as `cause` of the adapters' errors instead of the original,
 * which an HTTP client may have written a URL with credentials or a header value into.
 */
export function scrubbedCause(error: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  if (!isErrorLike(error) || depth >= MAX_CAUSE_DEPTH) return undefined;
  const source = error as Error & { code?: unknown; errno?: unknown };
  const cause = scrubbedCause(source.cause, secrets, depth + 1);
  const copy = new Error(scrubSecrets(source.message, secrets), cause === undefined ? undefined : { cause });
  Object.defineProperty(copy, 'name', { value: typeof source.name === 'string' ? source.name : 'Error' });
  if (typeof source.code === 'string' || typeof source.code === 'number')
    Object.assign(copy, { code: source.code });
  if (typeof source.errno === 'number') Object.assign(copy, { errno: source.errno });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}
