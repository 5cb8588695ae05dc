import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';

export const TENANTS = ['acme', 'globex'] as const;
export type TenantId = (typeof TENANTS)[number];

/**
 * The caller's tenant, from the `x-tenant-id` header (default `acme`). A real app takes it from the authenticated
 * user; what matters here is that it reaches the tools through the ToolContext, never through the model.
 */
export const Tenant = createParamDecorator((_data: unknown, context: ExecutionContext): TenantId =>
  tenantOf(context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>()),
);

/** The tenant of a request (the chat routes, the MCP endpoint). */
export function tenantOf(request: { headers: Record<string, unknown> }): TenantId {
  const header = request.headers['x-tenant-id'];
  const tenant = typeof header === 'string' && header !== '' ? header : 'acme';
  if (!(TENANTS as readonly string[]).includes(tenant)) {
    throw new BadRequestException(`unknown tenant "${tenant}": use one of ${TENANTS.join(', ')}`);
  }
  return tenant as TenantId;
}
