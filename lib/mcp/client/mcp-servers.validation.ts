import { InvalidMcpServersError } from '../../errors/invalid-mcp-servers.error';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { authProblems, type McpAuthSource } from './mcp-auth.validation';
import type { McpServerConfig } from './mcp-client-options';

export const MCP_SERVER_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;

const HTTP_KEYS = new Set(['url', 'headers', 'auth', 'forwardContext']);
const STDIO_KEYS = new Set(['command', 'args', 'env', 'cwd', 'forwardContext']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isStringRecord = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

/** Problems of one server's settings; the texts name fields, never their values (headers hold secrets). */
function serverProblems(name: string, config: unknown, source: McpAuthSource): string[] {
  const at = `server "${name}"`;
  if (!MCP_SERVER_NAME_PATTERN.test(name))
    return [
      `${JSON.stringify(name.slice(0, 40))} is not a valid server name (letters, digits, _ and -, 1 to 32)`,
    ];
  if (!isRecord(config)) return [`${at} must be an object with "url" or "command"`];
  const problems: string[] = [];
  const hasUrl = 'url' in config;
  const hasCommand = 'command' in config;
  if (hasUrl === hasCommand)
    return [`${at} needs exactly one of "url" (Streamable HTTP) or "command" (stdio)`];
  const allowed = hasUrl ? HTTP_KEYS : STDIO_KEYS;
  for (const key of Object.keys(config))
    if (!allowed.has(key)) problems.push(`${at} has an unknown field ${JSON.stringify(key.slice(0, 40))}`);
  if (hasUrl) {
    let url: URL | undefined;
    try {
      url = typeof config.url === 'string' ? new URL(config.url) : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      problems.push(`${at}: "url" must be an http(s) URL`);
    if (config.headers !== undefined && !isStringRecord(config.headers))
      problems.push(`${at}: "headers" must be an object of strings`);
    if (config.auth !== undefined) problems.push(...authProblems(at, config.auth, source));
  } else {
    if (typeof config.command !== 'string' || config.command.trim() === '')
      problems.push(`${at}: "command" must be a non-empty string`);
    if (config.args !== undefined && !isStringArray(config.args))
      problems.push(`${at}: "args" must be an array of strings`);
    if (config.env !== undefined && !isStringRecord(config.env))
      problems.push(`${at}: "env" must be an object of strings`);
    if (config.cwd !== undefined && typeof config.cwd !== 'string')
      problems.push(`${at}: "cwd" must be a string`);
  }
  if (config.forwardContext !== undefined && !isStringArray(config.forwardContext))
    problems.push(`${at}: "forwardContext" must be an array of strings`);
  return problems;
}

/**
 * Checks a set of servers; throws `InvalidMcpServersError` naming `source`, every bad server and field. `fromJson`:
 * the servers were read from JSON (an environment variable named `source`), so they can carry no callback.
 */
export function validateMcpServers(
  source: string,
  servers: unknown,
  fromJson = false,
): Record<string, McpServerConfig> {
  if (!isRecord(servers))
    throw new InvalidMcpServersError(source, ['it must be an object of servers by name']);
  const authSource: McpAuthSource = fromJson ? { variable: source } : {};
  const problems = Object.entries(servers).flatMap(([name, config]) =>
    serverProblems(name, config, authSource),
  );
  if (problems.length > 0) throw new InvalidMcpServersError(source, problems);
  return servers as Record<string, McpServerConfig>;
}

/** Parses and checks the JSON of an environment variable (its value never appears in an error). */
export function parseMcpServersVariable(variable: string, text: string): Record<string, McpServerConfig> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidMcpServersError(variable, [McpMessages.notJson(variable)]);
  }
  return validateMcpServers(variable, parsed, true);
}
