import type { AuthenticatedRequest } from '../auth/auth.guard';
import type { AuthUser } from '../auth/demo-users';

/**
 * The caller of a durable run, as data: the signed-in user the `AuthGuard` put on the request, carried in the job
 * (never the live request, never its token), and given back on the worker as the request guards read
 * (`RolesGuard` reads `request.user.roles`) and approvals check (`callerIdOf` reads `request.user.username`).
 */
export const runCaller = {
  toData(request: unknown): AuthUser | null {
    const user = (request as AuthenticatedRequest | undefined)?.user;
    return user ? { username: user.username, tenant: user.tenant, roles: [...user.roles] } : null;
  },
  toRequest(data: unknown): AuthenticatedRequest {
    return { headers: {}, ...(isUser(data) && { user: data }) };
  },
};

function isUser(data: unknown): data is AuthUser {
  const user = data as Partial<AuthUser> | null;
  return (
    typeof user?.username === 'string' &&
    typeof user.tenant === 'string' &&
    Array.isArray(user.roles) &&
    user.roles.every((role) => typeof role === 'string')
  );
}
