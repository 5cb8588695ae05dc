/** Texts of the frontend protocols (the AI SDK UI message stream, AG-UI): what a client sent wrong. */
export const UIMessages = {
  invalidBody: (protocol: string, path: string, problem: string) =>
    `the ${protocol} request body is not valid: ${path === '' ? 'the body' : path} ${problem}`,
} as const;
