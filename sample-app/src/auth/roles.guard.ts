import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ToolExecutionContext, type ToolContextType } from 'nestjs-tool-calling';
import type { AuthenticatedRequest } from './auth.guard';
import { ROLES_KEY } from './roles.decorator';

/**
 * The role guard of the Nest docs, for routes and tools alike: on a tool call the user is the one of the HTTP
 * request the chat call serves (put there by `AuthGuard`), never anything the model said.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const request =
      context.getType<ToolContextType>() === 'tool'
        ? ToolExecutionContext.create(context).getRequest<AuthenticatedRequest | undefined>()
        : context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = request?.user;
    return user !== undefined && roles.some((role) => user.roles.includes(role));
  }
}
