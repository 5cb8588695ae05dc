import { IsIn, IsOptional, IsUrl, Matches, validateSync } from 'class-validator';
import type { ToolCallingConfigIssue } from '../errors/invalid-tool-calling-config.error';

const PROVIDERS = [
  'openai',
  'openai-responses',
  'azure-openai',
  'anthropic',
  'gemini',
  'offline',
  'none',
] as const;
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/;
const NON_NEGATIVE_INTEGER = /^(0|[1-9]\d{0,8})$/;

const isUrl = (variable: string) =>
  IsUrl(URL_OPTIONS, { message: `${variable} must be an http(s) URL such as http://localhost:11434/v1` });
const isPositive = (variable: string) =>
  Matches(POSITIVE_INTEGER, { message: `${variable} must be a whole number from 1 to 999999999` });

/**
 * The environment variables of the `toolCalling` configuration namespace, validated with class-validator. Empty
 * values count as unset. Messages name the variable and never show its value (it may be a key).
 */
export class ToolCallingEnvironment {
  @IsOptional()
  @IsIn(PROVIDERS, {
    message:
      'TOOL_CALLING_PROVIDER must be one of: openai, openai-responses, azure-openai, anthropic, gemini, offline, none',
  })
  TOOL_CALLING_PROVIDER?: string;

  OPENAI_API_KEY?: string;

  @IsOptional()
  @isUrl('OPENAI_BASE_URL')
  OPENAI_BASE_URL?: string;

  OPENAI_MODEL?: string;
  OPENAI_ORGANIZATION?: string;
  ANTHROPIC_API_KEY?: string;

  @IsOptional()
  @isUrl('ANTHROPIC_BASE_URL')
  ANTHROPIC_BASE_URL?: string;

  ANTHROPIC_MODEL?: string;

  AZURE_OPENAI_API_KEY?: string;

  @IsOptional()
  @IsUrl(
    { ...URL_OPTIONS, protocols: ['https', 'http'] },
    { message: 'AZURE_OPENAI_ENDPOINT must be an http(s) URL such as https://my-resource.openai.azure.com' },
  )
  AZURE_OPENAI_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}(-preview)?$|^(v1|latest|preview)$/, {
    message:
      'OPENAI_API_VERSION must be an Azure OpenAI API version such as 2024-10-21 or 2025-04-01-preview',
  })
  OPENAI_API_VERSION?: string;

  AZURE_OPENAI_DEPLOYMENT?: string;

  @IsOptional()
  @IsIn(['chat-completions', 'responses'], {
    message: 'AZURE_OPENAI_API must be chat-completions or responses',
  })
  AZURE_OPENAI_API?: string;

  GEMINI_API_KEY?: string;
  GOOGLE_API_KEY?: string;

  @IsOptional()
  @isUrl('GEMINI_BASE_URL')
  GEMINI_BASE_URL?: string;

  GEMINI_MODEL?: string;

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

export type ToolCallingVariable = keyof ToolCallingEnvironment;

/** Every variable the namespace reads. */
export const TOOL_CALLING_VARIABLES: readonly ToolCallingVariable[] = [
  'TOOL_CALLING_PROVIDER',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_ORGANIZATION',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_MODEL',
  'AZURE_OPENAI_API_KEY',
  'AZURE_OPENAI_ENDPOINT',
  'OPENAI_API_VERSION',
  'AZURE_OPENAI_DEPLOYMENT',
  'AZURE_OPENAI_API',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GEMINI_BASE_URL',
  'GEMINI_MODEL',
  'TOOL_CALLING_HTTP_TIMEOUT_MS',
  'TOOL_CALLING_MAX_RETRIES',
  'TOOL_CALLING_MAX_ROUNDS',
  'TOOL_CALLING_TOOL_TIMEOUT_MS',
  'TOOL_CALLING_MAX_CONCURRENCY',
  'REDIS_URL',
  'TOOL_CALLING_APPROVAL_TTL_MS',
  'TOOL_CALLING_MCP_SERVERS',
];

/** The variables of `env` that are set (trimmed, empty ones left out), validated. */
export function readToolCallingEnvironment(env: Readonly<Record<string, string | undefined>>): {
  environment: ToolCallingEnvironment;
  issues: ToolCallingConfigIssue[];
} {
  const environment = new ToolCallingEnvironment();
  for (const variable of TOOL_CALLING_VARIABLES) {
    const value = env[variable]?.trim();
    if (value) environment[variable] = value;
  }
  if (environment.TOOL_CALLING_PROVIDER)
    environment.TOOL_CALLING_PROVIDER = environment.TOOL_CALLING_PROVIDER.toLowerCase();
  const issues = validateSync(environment, { forbidUnknownValues: true }).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => ({ variable: error.property, message })),
  );
  return { environment, issues };
}
