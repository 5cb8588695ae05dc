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

/** `value` without its undefined properties. */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
