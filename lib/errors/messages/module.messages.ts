function causeMessage(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** A readable name for a Nest injection token (class, string or symbol). */
export function tokenName(token: unknown): string {
  if (typeof token === 'function') return token.name || 'an anonymous class';
  if (typeof token === 'string') return JSON.stringify(token);
  return String(token);
}

/** Message texts of the module, the explorer, the registry and the configuration namespace. */
export const ModuleMessages = {
  clientDisconnected: () =>
    'The HTTP client closed the connection before the response was complete; the chat call serving it was ' +
    'stopped. To let such calls finish, set abortOnDisconnect: false in ToolCallingModule.forRoot().',

  noChatModel: () =>
    'no chat model is configured: give ToolCallingModule.forRoot({ chatModel }) a ChatModel or provider settings, ' +
    'or, with toolCallingConfig, set OPENAI_API_KEY / OPENAI_BASE_URL, ANTHROPIC_API_KEY or GEMINI_API_KEY, or ' +
    'TOOL_CALLING_PROVIDER (openai, openai-responses, azure-openai, anthropic, gemini) with its variables; to try ' +
    'the app without a key, TOOL_CALLING_PROVIDER=offline (not a language model)',

  noChatModelAtStartup: () =>
    `${ModuleMessages.noChatModel()}. The application starts, but every chat call fails with ` +
    'ChatModelConfigurationError until a model is configured',

  toolsFound: (names: readonly string[], lazyProviders: number, shown: number) => {
    const list =
      names.length <= shown
        ? names.join(', ')
        : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
    const found =
      names.length === 0
        ? 'no tools found (no @Tool() methods on providers or controllers, no toolCallbacks in the options)'
        : `${names.length} tool${names.length === 1 ? '' : 's'} found: ${list}`;
    return lazyProviders === 0
      ? found
      : `${found}; ${lazyProviders} lazy ToolCallbackProvider${lazyProviders === 1 ? '' : 's'} asked per request`;
  },

  discoveryFailed: (problems: readonly string[]) =>
    `ToolCallingModule cannot start: ${problems.length === 1 ? 'a problem' : `${problems.length} problems`} ` +
    `with the tools of this application:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,

  registryNotReady: (method: string) =>
    `ToolCallbackRegistry.${method}() was called before the application bootstrapped: the tools are discovered ` +
    'in onApplicationBootstrap, after every module has been initialised; call it from onApplicationBootstrap or ' +
    'later (in tests: after app.init())',

  notAToolCallback: (index: number) =>
    `toolCallbacks[${index}] of the ToolCallingModule options is neither a ToolCallback nor a ToolCallbackProvider`,

  invalidOption: (option: string, expected: string) =>
    `ToolCallingModule options: ${option} must be ${expected}`,

  providerReturnedNonArray: (provider: string) =>
    `${provider}: getToolCallbacks() did not return an array of ToolCallbacks`,

  providerReturnedNonCallback: (provider: string, index: number) =>
    `${provider}: getToolCallbacks() returned a value at position ${index} that is not a ToolCallback`,

  staticProviderFailed: (provider: string, cause: unknown) =>
    `${provider}: getToolCallbacks() failed at bootstrap: ${causeMessage(cause)}`,

  staticProviderTimedOut: (provider: string, timeoutMs: number) =>
    `${provider} is static (isStatic: true) but did not return its callbacks within ${timeoutMs} ms at ` +
    'bootstrap; make it lazy (isStatic: false) so that it is asked per request, or raise staticProviderTimeoutMs',

  scopedToolProvider: (provider: string) =>
    `${provider} is request-scoped or transient (or depends on such a provider), so its ToolCallback or ` +
    'ToolCallbackProvider cannot be listed at startup; give it the default scope (a ToolCallbackProvider may still ' +
    'return other callbacks on each call), or declare its tools as @Tool methods, which are resolved per request on ' +
    'a scoped provider',

  toolProviderNotInspectable: (provider: string, cause: unknown) =>
    `${provider} declares tools but cannot be inspected (${causeMessage(cause)}), so its tools cannot be ` +
    'registered; provide an instance that can be inspected',

  arrayEntryNotATool: (provider: string, index: number) =>
    `${provider} is an array of tools, but its value at position ${index} is neither a ToolCallback nor a ` +
    'ToolCallbackProvider',

  providerNotInspectable: (provider: string, cause: unknown) =>
    `${provider} cannot be inspected for tools and is skipped: ${causeMessage(cause)}`,

  functionProviderTakesInput: (name: string) =>
    `the provider "${name}" is a function that takes arguments, but a function registered under a tool name ` +
    'becomes a tool without input; register a FunctionToolCallback (with input, inputType or inputSchema) instead, ' +
    'or, if it is not a tool, provide it under a token that is not a tool name (a Symbol, or a string with a ' +
    'character other than letters, digits, "_" and "-")',

  missingPackage: (packageName: string, feature: string, source?: string) =>
    `${source ? `${source}: ` : ''}${feature} needs the package "${packageName}": npm install ${packageName}`,
  invalidConfig: (problems: readonly string[]) =>
    `invalid tool-calling configuration (namespace "toolCalling"): ${problems.join('; ')} ` +
    '(values are not shown)',
};
