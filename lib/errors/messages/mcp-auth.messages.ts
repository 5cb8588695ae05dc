/**
 * Message texts of the MCP client's OAuth. None shows a token, code, verifier, secret or key: a reason that came
 * from a peer is passed through `redact` by the code that builds it.
 */
export const McpAuthMessages = {
  failed: (server: string, reason: string) => `MCP server "${server}": authorization failed: ${reason}`,

  required: (server: string) =>
    `MCP server "${server}" needs the user's authorization: the user was sent to its authorization page; ` +
    `once the redirect endpoint receives the code, finishAuthorization completes it`,

  stateMismatch: () => 'the redirect carries a state that is not the one sent (an old or forged redirect)',

  noAuthorizationInProgress: () => 'no authorization is in progress for this server (its state has expired)',

  notAuthorized: (result: string) => `the authorization ended with ${result}, not with tokens`,

  insecureUrl: (option: string) => `${option} must be an https URL (http only on a loopback host)`,

  noRedirectFlow: () =>
    'it has no "auth" of type "authorization_code": there is no authorization to finish with a redirect',

  unknownServer: (server: string) =>
    `no MCP server is named ${JSON.stringify(server.slice(0, 40))} in the options: no authorization to finish`,

  missingCredential: (kind: string, needs: string) => `${kind} needs ${needs}`,
};
