// Compiled by `npm run typecheck`: every sample in docs/securing-tools.md comes from this file, and
// test/docs/securing-tools.example.spec.ts runs it with a scripted model.
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
  UseInterceptors,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import {
  ChatClient,
  Tool,
  ToolCallingModule,
  ToolExecutionContext,
  ToolParam,
  type ToolContextType,
} from 'nestjs-tool-calling';

export interface User {
  name: string;
  roles: string[];
}

export interface AuthenticatedRequest {
  headers: Record<string, string | undefined>;
  user?: User;
}

// --- A role guard for routes and tools -------------------------------------------------------------------------
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

// --- end of the role guard -------------------------------------------------------------------------------------

// --- A global authentication guard that tells tool calls apart ---------------------------------------------------
const USERS: Record<string, User> = {
  'token-alice': { name: 'alice', roles: ['admin'] },
  'token-bob': { name: 'bob', roles: ['agent'] },
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
// --- end of the global guard -----------------------------------------------------------------------------------

// --- An interceptor that audits tool calls -------------------------------------------------------------------------
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
@Injectable()
@UseInterceptors(AuditInterceptor)
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
// --- end of the interceptor --------------------------------------------------------------------------------------

// --- A global HTTP exception filter that leaves tool calls alone ----------------------------------------------------
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
// --- end of the filter -------------------------------------------------------------------------------------------

@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(@Body('question') question: string, @Req() request: AuthenticatedRequest): Promise<string> {
    // The module binds the HTTP request to the call by itself; `.request()` says it explicitly.
    return this.chat.prompt().request(request).user(question).call().content();
  }
}

// --- The module ---------------------------------------------------------------------------------------------------
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
  ],
})
export class SecuredDeskModule {}
// --- end of the module ---------------------------------------------------------------------------------------------
