interface RequestWithUser {
  user?: { id?: string | number; sub?: string | number; username?: string };
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * Who is asking, for approvals: the authenticated user when the app has one (`request.user`), else the demo's
 * `x-user` header. Only the same caller may decide an approval.
 */
export function callerIdOf(request: unknown): string | undefined {
  const r = request as RequestWithUser | undefined;
  const user = r?.user;
  const id = user?.id ?? user?.sub ?? user?.username;
  if (id !== undefined) return String(id);
  const header = r?.headers?.['x-user'];
  const value = Array.isArray(header) ? header[0] : header;
  return value || undefined;
}
