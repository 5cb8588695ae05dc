/** Message texts of the provider adapters' configuration checks and of the adapters added with the second wave. */

/** Where a setting comes from, as the user would look for it: "the apiKey setting or OPENAI_API_KEY". */
export type SettingSource = string;

export const ProviderAdapterMessages = {
  credentialsInBaseUrl: (source: SettingSource) =>
    `the base URL given in ${source} contains a user name or password, which the HTTP client refuses to send ` +
    '(and which would show in error messages): give credentials through the apiKey or headers settings instead',

  invalidBaseUrl: (source: SettingSource) => `the base URL given in ${source} is not a valid http(s) URL`,

  invalidHeaderValue: (source: SettingSource) =>
    `the value given in ${source} contains a line break or another character an HTTP header cannot carry ` +
    '(the value is not shown: it may be a secret)',

  headerRejected: (provider: string) =>
    `a request to ${provider} could not be sent: a header value (the API key, a token from the token provider or ` +
    'one of the headers settings) contains a line break or another character an HTTP header cannot carry (the ' +
    'value is not shown: it may be a secret)',

  urlRejected: (provider: string) =>
    `a request to ${provider} could not be sent: its URL was refused by the HTTP client (check the base URL or ` +
    'endpoint setting; credentials belong in the apiKey or headers settings, never in the URL)',

  argumentsNotText: (toolName: string, received: string) =>
    `the model sent the arguments of tool "${toolName}" as ${received} instead of JSON text`,

  /** Added to a missing key's message where a base URL alone would do. */
  baseUrlInstead: (server: string) => ` (${server} needs only a baseURL)`,

  variableNotSet: (provider: string, variable: string, what?: string) =>
    `TOOL_CALLING_PROVIDER is ${provider} but ${variable}${what ? ` (${what})` : ''} is not set`,

  keyOrBaseUrlNotSet: (provider: string, keyVariable: string, baseUrlVariable: string, server: string) =>
    `TOOL_CALLING_PROVIDER is ${provider} but ${keyVariable} is not set (nor ${baseUrlVariable}, for ${server})`,

  noKeyVariableSet: (provider: string, variables: readonly string[]) =>
    `TOOL_CALLING_PROVIDER is ${provider} but neither ${variables.join(' nor ')} is set`,

  /** Added to a missing key's message where the user's own client would do. */
  ownClientInstead: (client: string) => `, or give an own ${client} client`,

  missingAzureSetting: (feature: string, what: string, source: SettingSource) =>
    `${feature} needs ${what}: set it in ${source}`,

  azureCredentialsConflict: (feature: string) =>
    `${feature} takes either an API key or an azureADTokenProvider, not both`,

  geminiBlocked: (where: string, reason: string) => `${where} refused the prompt (blocked: ${reason})`,

  noCandidates: (where: string) => `${where} answered without any candidate: the response holds no message`,
};
