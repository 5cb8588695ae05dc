import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthService } from './auth.service';
import type { AuthUser } from './demo-users';

/** What the guard leaves on the request for the rest of its handling, tool calls included. */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthUser;
}

/** Requires `Authorization: Bearer <JWT>` and puts the signed-in user on the request (as in the Nest docs). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedException('sign in first: Authorization: Bearer <token> is missing');
    request.user = await this.auth.verify(token);
    return true;
  }
}

function bearerToken(request: AuthenticatedRequest): string | undefined {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const [type, token] = value?.split(' ') ?? [];
  return type === 'Bearer' && token ? token : undefined;
}
