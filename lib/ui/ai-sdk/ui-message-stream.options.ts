/** Options of `toUIMessageChunks()` and `uiMessageStreamResponse()`. */
export interface UIMessageStreamOptions {
  /**
   * The id of the assistant message the stream writes (its `start` chunk). A random one when absent; the id of the
   * client's last assistant message when the stream continues it (an approval's answer).
   */
  readonly messageId?: string;
  /** The conversation id, given to the message's metadata. */
  readonly conversationId?: string;
  /** Fields of the app merged into the message's metadata at `start` and `finish`. */
  readonly messageMetadata?: Readonly<Record<string, unknown>>;
  /**
   * The text a client is shown when the call fails. By default a fixed sentence naming the error's class, never its
   * message: an error may quote a provider, a tool or a configuration, and the browser is not the place for that.
   */
  readonly onError?: (error: unknown) => string;
  /**
   * Ends the stream with an `abort` chunk when aborted (a stop request), and aborts the call. A client that
   * disconnects aborts the call too.
   */
  readonly signal?: AbortSignal;
}
