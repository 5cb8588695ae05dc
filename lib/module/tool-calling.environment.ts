import { IsIn, IsOptional, isURL, Matches, validateSync } from 'class-validator';
import type { ToolCallingConfigIssue } from '../errors/invalid-tool-calling-config.error';
import type { ProviderEnvironment, ProviderVariable } from '../models/chat-model-provider';
import { CHAT_MODEL_PROVIDERS } from '../models/chat-model.providers';

const PROVIDER_IDS = [...CHAT_MODEL_PROVIDERS.map((provider) => provider.id), 'none'];
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/;
const NON_NEGATIVE_INTEGER = /^(0|[1-9]\d{0,8})$/;

const isPositive = (variable: string) =>
  Matches(POSITIVE_INTEGER, { message: `${variable} must be a whole number from 1 to 999999999` });

/**
 * The variables of the `toolCalling` configuration namespace that are not a provider's, validated with
 * class-validator; each provider's own are listed and checked by its descriptor. Empty values count as unset.
 * Messages name the variable and never show its value (it may be a key).
 */
export class ToolCallingEnvironment {
  @IsOptional()
  @IsIn(PROVIDER_IDS, { message: `TOOL_CALLING_PROVIDER must be one of: ${PROVIDER_IDS.join(', ')}` })
  TOOL_CALLING_PROVIDER?: string;

  @IsOptional()
  @isPositive('TOOL_CALLING_HTTP_TIMEOUT_MS')
  TOOL_CALLING_HTTP_TIMEOUT_MS?: string;

  @IsOptional()
  @Matches(NON_NEGATIVE_INTEGER, {
    message: 'TOOL_CALLING_MAX_RETRIES must be a whole number from 0 to 999999999',
  })
  TOOL_CALLING_MAX_RETRIES?: string;

  @IsOptional()
  @isPositive('TOOL_CALLING_MAX_ROUNDS')
  TOOL_CALLING_MAX_ROUNDS?: string;

  @IsOptional()
  @isPositive('TOOL_CALLING_TOOL_TIMEOUT_MS')
  TOOL_CALLING_TOOL_TIMEOUT_MS?: string;

  @IsOptional()
  @isPositive('TOOL_CALLING_MAX_CONCURRENCY')
  TOOL_CALLING_MAX_CONCURRENCY?: string;

  @IsOptional()
  @Matches(/^rediss?:\/\/[^\s]+$/, {
    message: 'REDIS_URL must be a redis:// or rediss:// URL such as redis://localhost:6379',
  })
  REDIS_URL?: string;

  @IsOptional()
  @isPositive('TOOL_CALLING_APPROVAL_TTL_MS')
  TOOL_CALLING_APPROVAL_TTL_MS?: string;
  /** JSON of MCP servers; checked by `parseMcpServersVariable` (its value may hold header secrets). */
  TOOL_CALLING_MCP_SERVERS?: string;
}

/** The variables the providers read, each once, in the order of the provider list. */
const PROVIDER_VARIABLES: readonly ProviderVariable[] = [
  ...new Map(
    CHAT_MODEL_PROVIDERS.flatMap((provider) => provider.variables).map((variable) => [
      variable.name,
      variable,
    ]),
  ).values(),
];

const GENERAL_VARIABLES = [
  'TOOL_CALLING_HTTP_TIMEOUT_MS',
  'TOOL_CALLING_MAX_RETRIES',
  'TOOL_CALLING_MAX_ROUNDS',
  'TOOL_CALLING_TOOL_TIMEOUT_MS',
  'TOOL_CALLING_MAX_CONCURRENCY',
  'REDIS_URL',
  'TOOL_CALLING_APPROVAL_TTL_MS',
  'TOOL_CALLING_MCP_SERVERS',
] as const satisfies readonly (keyof ToolCallingEnvironment)[];

/** Every variable the namespace reads: the provider's choice, the providers' own, then the rest. */
export const TOOL_CALLING_VARIABLES: readonly string[] = [
  'TOOL_CALLING_PROVIDER',
  ...PROVIDER_VARIABLES.map((variable) => variable.name),
  ...GENERAL_VARIABLES,
];

/** The set variables of `env` (trimmed, empty ones left out) and the problems of their values, in variable order. */
export function readToolCallingEnvironment(env: Readonly<Record<string, string | undefined>>): {
  environment: ToolCallingEnvironment;
  /** The providers' variables that are set. */
  providerEnvironment: ProviderEnvironment;
  issues: ToolCallingConfigIssue[];
} {
  const set = new Map<string, string>();
  for (const variable of TOOL_CALLING_VARIABLES) {
    const value = env[variable]?.trim();
    if (value) set.set(variable, value);
  }
  const environment = new ToolCallingEnvironment();
  for (const variable of ['TOOL_CALLING_PROVIDER', ...GENERAL_VARIABLES] as const) {
    environment[variable] = set.get(variable);
  }
  if (environment.TOOL_CALLING_PROVIDER)
    environment.TOOL_CALLING_PROVIDER = environment.TOOL_CALLING_PROVIDER.toLowerCase();
  const issues = validateSync(environment, { forbidUnknownValues: true }).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => ({ variable: error.property, message })),
  );
  for (const variable of PROVIDER_VARIABLES) {
    const value = set.get(variable.name);
    if (value !== undefined && !fits(variable, value)) {
      issues.push({ variable: variable.name, message: variable.message ?? `${variable.name} is not valid` });
    }
  }
  const order = (issue: ToolCallingConfigIssue) => TOOL_CALLING_VARIABLES.indexOf(issue.variable);
  issues.sort((a, b) => order(a) - order(b));
  const providerEnvironment = Object.fromEntries(
    PROVIDER_VARIABLES.map((variable) => [variable.name, set.get(variable.name)]).filter(
      ([, value]) => value,
    ),
  ) as ProviderEnvironment;
  return { environment, providerEnvironment, issues };
}

function fits(variable: ProviderVariable, value: string): boolean {
  if (variable.format === 'url') return isURL(value, URL_OPTIONS);
  return variable.format === undefined || variable.format.test(value);
}
