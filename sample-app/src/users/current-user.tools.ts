import { Inject, Injectable, Scope } from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Tool } from 'nestjs-tool-calling';
import type { AuthenticatedRequest } from '../auth/auth.guard';

/** Request-scoped: one instance per HTTP request, which knows who is signed in (from the JWT, via AuthGuard). */
@Injectable({ scope: Scope.REQUEST })
export class CurrentUserTools {
  constructor(@Inject(REQUEST) private readonly request: AuthenticatedRequest) {}

  @Tool({ description: 'Who am I: the signed-in user, their tenant and roles' })
  whoAmI(): { user: string; tenant?: string; roles?: readonly string[] } {
    const user = this.request.user;
    return user ? { user: user.username, tenant: user.tenant, roles: user.roles } : { user: 'anonymous' };
  }
}
