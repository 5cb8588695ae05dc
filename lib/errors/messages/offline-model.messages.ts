/** Texts of the offline model's errors. */
export const OfflineModelMessages = {
  refusedInProduction: () =>
    'the offline model is not a language model and is refused when NODE_ENV is "production": configure a real ' +
    'provider (TOOL_CALLING_PROVIDER with its API key, or chatModel in the module options), or run without ' +
    'NODE_ENV=production to try the app offline',
};
