interface RequestWithUser {
  user?: { username?: string };
}

/**
 * Who is asking, for approvals: the user the AuthGuard signed in from the JWT. Only the same user may decide an
 * approval; a request without one decides nothing.
 */
export function callerIdOf(request: unknown): string | undefined {
  return (request as RequestWithUser | undefined)?.user?.username;
}
