import type { ChatModel } from '../chat/model/chat-model';
import type { ToolCallingConfigIssue } from '../errors/invalid-tool-calling-config.error';
import { ProviderAdapterMessages } from '../errors/messages/provider-adapter.messages';
import type { ConnectionSource } from './connection/connection.resolver';

/** The environment as `toolCallingConfig` hands it over: trimmed, empty values left out. */
export type ProviderEnvironment = Readonly<Record<string, string | undefined>>;

/** One environment variable a provider reads, and how `toolCallingConfig` checks its value. */
export interface ProviderVariable {
  readonly name: string;
  /** `url`: an http(s) URL; a pattern: the value must match it; absent: any text. */
  readonly format?: 'url' | RegExp;
  /** The message of a bad value; it names the variable, never the value. */
  readonly message?: string;
}

/**
 * One chat model provider, as both `createChatModel` and `toolCallingConfig` know it: its id, its SDK, how its
 * settings make a model, and which environment variables give those settings. A new provider is one folder with
 * its adapter and one of these, added to `CHAT_MODEL_PROVIDERS`.
 */
export interface ChatModelProvider<
  S extends { readonly provider?: string } = { readonly provider?: string },
> {
  /** The value of `provider` in the settings and of `TOOL_CALLING_PROVIDER`. */
  readonly id: string;
  /** The npm package of its SDK, an optional peer dependency; absent for a provider without one. */
  readonly sdkPackage?: string;
  /** The model for these settings; loads the SDK now, so that a missing SDK or key fails at startup. */
  readonly create: (settings: S) => ChatModel;
  /** Its environment variables. */
  readonly variables: readonly ProviderVariable[];
  /** When `TOOL_CALLING_PROVIDER` is unset, the first provider with one of these variables set is chosen. */
  readonly chosenBy: readonly string[];
  /** What is missing for the provider to work, as configuration issues. */
  readonly missing: (env: ProviderEnvironment) => ToolCallingConfigIssue[];
  /** Its settings from the environment (the common time limit and retries are added by the caller). */
  readonly fromEnvironment: (env: ProviderEnvironment) => S;
}

/** The URL variable message `toolCallingConfig` has always given. */
export function urlVariable(name: string, example = 'http://localhost:11434/v1'): ProviderVariable {
  return { name, format: 'url', message: `${name} must be an http(s) URL such as ${example}` };
}

/** The issue of a provider whose key (or, where one will do, base URL) is in none of its variables. */
export function missingKey(
  id: string,
  source: ConnectionSource,
  env: ProviderEnvironment,
): ToolCallingConfigIssue[] {
  const set = (names: readonly string[]) => names.some((name) => env[name]);
  if (set(source.apiKeyVariables) || (source.keylessServer && set(source.baseUrlVariables))) return [];
  const [variable, ...others] = source.apiKeyVariables;
  const message =
    others.length > 0
      ? ProviderAdapterMessages.noKeyVariableSet(id, source.apiKeyVariables)
      : source.keylessServer
        ? ProviderAdapterMessages.keyOrBaseUrlNotSet(
            id,
            variable,
            source.baseUrlVariables[0],
            source.keylessServer,
          )
        : ProviderAdapterMessages.variableNotSet(id, variable);
  return [{ variable, message }];
}

/** What a provider reached through an SDK adds to what its connection source says. */
export interface SdkProviderParts<S> {
  readonly create: (settings: S) => ChatModel;
  /** The variable of the model name, and the model asked for when it is unset. */
  readonly model: { readonly variable: string; readonly default: string };
  readonly chosenBy: readonly string[];
  /** Variables beyond the key, base URL and model, and the settings they give. */
  readonly more?: {
    readonly variables: readonly ProviderVariable[];
    readonly settings: (env: ProviderEnvironment) => Partial<S>;
  };
}

/**
 * The descriptor of a provider reached through an SDK with a key (or a base URL) from `source`: its id is the
 * source's, its variables the source's key and base URL variables and its model's, and what is missing its key.
 */
export function sdkProvider<S extends { readonly provider?: string }>(
  source: ConnectionSource,
  sdkPackage: string,
  parts: SdkProviderParts<S>,
): ChatModelProvider<S> {
  const first = (env: ProviderEnvironment, names: readonly string[]) =>
    names.map((name) => env[name]).find(Boolean);
  return {
    id: source.provider,
    sdkPackage,
    create: parts.create,
    variables: [
      ...source.apiKeyVariables.map((name) => ({ name })),
      ...source.baseUrlVariables.map((name) => urlVariable(name)),
      { name: parts.model.variable },
      ...(parts.more?.variables ?? []),
    ],
    chosenBy: parts.chosenBy,
    missing: (env) => missingKey(source.provider, source, env),
    fromEnvironment: (env) =>
      definedOnly({
        provider: source.provider,
        model: env[parts.model.variable] ?? parts.model.default,
        apiKey: first(env, source.apiKeyVariables),
        baseURL: first(env, source.baseUrlVariables),
        ...parts.more?.settings(env),
      }) as unknown as S,
  };
}

/** `value` without its undefined properties. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
