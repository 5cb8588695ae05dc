/** The offline model: no SDK, no network, no key; refused when `NODE_ENV` is `production`. */
export interface OfflineChatModelSettings {
  /** The offline model: not a language model. */
  readonly provider: 'offline';
  /** The model name it reports (`gen_ai.request.model` in traces); default `offline`. */
  readonly model?: string;
  /**
   * Words your users say for the words of your tool names, added to the built-in ones (`new` → `create`,
   * `show` → `get`…): `{ forecast: 'weather', csv: 'export' }`.
   */
  readonly synonyms?: Readonly<Record<string, string>>;
}
