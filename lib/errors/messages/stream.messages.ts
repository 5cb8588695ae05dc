/** Message texts of resumable streams. Never a chunk's content. */
export const StreamMessages = {
  invalidStreamId: (max: number) => `a stream id (the chat id) is 1 to ${max} letters, digits, "_" or "-"`,

  sizeLimit: (maxBytes: number) =>
    `the answer was stopped: its stream passed ${maxBytes} bytes, the most a recorded stream may hold ` +
    '(streams.maxBytes in the options of ToolCallingModule.forRoot())',
};
