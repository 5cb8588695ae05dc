// Compiled by `npm run typecheck`: every sample in docs/securing-tools.md comes from this file (each sample is one
// file of a user's app, shown with its imports), and test/docs/securing-tools.example.spec.ts runs it.
import {
  Body,
  Catch,
  Controller,
  Injectable,
  Module,
  Post,
  Req,
  SetMetadata,
  UnauthorizedException,
  UseGuards,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import {
  ChatClient,
  Tool,
  ToolCallingModule,
  ToolExecutionContext,
  ToolParam,
  type ToolContextType,
} from 'nestjs-tool-calling';

// --- roles.guard.ts ------------------------------------------------------------------------------------------------
export interface User {
  /** Who the user is: approvals take the caller from `request.user.id` (see memory-and-approvals.md). */
  id: string;
  name: string;
  roles: string[];
}

/** What the authentication guard leaves on the request. */
export interface AuthenticatedRequest {
  headers: Record<string, string | undefined>;
  user?: User;
}

export const ROLES_KEY = 'roles';
export const Roles = (...roles: string[]) => SetMetadata(ROLES_KEY, roles);

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles) return true;
    const request =
      context.getType<ToolContextType>() === 'tool'
        ? ToolExecutionContext.create(context).getRequest<AuthenticatedRequest | undefined>()
        : context.switchToHttp().getRequest<AuthenticatedRequest>();
    return roles.some((role) => request?.user?.roles.includes(role) === true);
  }
}

// --- ticket.tools.ts -----------------------------------------------------------------------------------------------
@Injectable()
export class TicketTools {
  readonly closed: number[] = [];

  @Tool({ description: 'List the open tickets' })
  listTickets(): number[] {
    return [1, 2, 3];
  }

  @Tool({ description: 'Close a ticket' })
  @UseGuards(RolesGuard)
  @Roles('admin')
  closeTicket(@ToolParam({ name: 'id', description: 'Ticket number' }) id: number): string {
    this.closed.push(id);
    return `ticket ${id} closed`;
  }
}

// --- chat.controller.ts --------------------------------------------------------------------------------------------
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string, @Req() request: AuthenticatedRequest): Promise<string> {
    // The module binds the HTTP request to the call by itself; `.request()` says it explicitly.
    return this.chat.prompt().request(request).user(question).call().content();
  }
}

// --- auth.guard.ts -------------------------------------------------------------------------------------------------
const USERS: Record<string, User> = {
  'token-alice': { id: 'u-1', name: 'alice', roles: ['admin'] },
  'token-bob': { id: 'u-2', name: 'bob', roles: ['agent'] },
};

@Injectable()
export class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType<ToolContextType>() === 'tool') {
      // A tool call runs for the HTTP request this guard already let in: require that there is one.
      return ToolExecutionContext.create(context).getRequest<AuthenticatedRequest>()?.user !== undefined;
    }
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = USERS[request.headers.authorization?.replace(/^Bearer /, '') ?? ''];
    if (!user) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}

// --- http-errors.filter.ts -----------------------------------------------------------------------------------------
@Catch()
export class HttpErrorsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    // Rethrown, a tool call's error goes to the model as an error result ("not permitted", the HttpException's text…).
    if (host.getType<ToolContextType>() === 'tool') throw exception;
    const response = host
      .switchToHttp()
      .getResponse<{ status(code: number): { json(body: unknown): void } }>();
    const status = (exception as { getStatus?: () => number }).getStatus?.() ?? 500;
    response.status(status).json({ statusCode: status });
  }
}

// --- audit.interceptor.ts ------------------------------------------------------------------------------------------
export const auditLog: string[] = [];

@Injectable()
export class AuditInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<ToolContextType>() !== 'tool') return next.handle();
    const tool = ToolExecutionContext.create(context);
    const who = tool.getRequest<AuthenticatedRequest | undefined>()?.user?.name ?? 'nobody';
    const started = Date.now();
    return next
      .handle()
      .pipe(
        tap(() =>
          auditLog.push(
            `${who} ran ${tool.getToolName()} (${tool.getToolCallId()}) in ${Date.now() - started} ms`,
          ),
        ),
      );
  }
}

// --- app.module.ts -------------------------------------------------------------------------------------------------
@Module({
  imports: [
    ToolCallingModule.forRoot({
      // Both defaults: global enhancers run around tool calls too; a tool whose guards deny the caller is not offered.
      globalEnhancers: true,
      hideDeniedTools: true,
    }),
  ],
  controllers: [ChatController],
  providers: [
    TicketTools,
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: HttpErrorsFilter },
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
  ],
})
export class SecuredDeskModule {}
