import { McpMessages } from '../../errors/messages/mcp.messages';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export interface McpRequestRejection {
  readonly status: number;
  readonly message: string;
}

/** The `Host` and `Origin` checks of the endpoint, against DNS rebinding and cross-site requests. */
export class McpRequestCheck {
  private readonly hosts?: ReadonlySet<string>;
  private readonly origins?: ReadonlySet<string>;
  private readonly anyOrigin: boolean;

  constructor(
    allowedHosts: readonly string[] | '*' | undefined,
    allowedOrigins: readonly string[] | '*' | undefined,
  ) {
    this.hosts = allowedHosts === '*' ? undefined : new Set((allowedHosts ?? LOCAL_HOSTS).map(lower));
    this.anyOrigin = allowedOrigins === '*';
    this.origins =
      allowedOrigins === undefined || allowedOrigins === '*' ? undefined : new Set(allowedOrigins.map(lower));
  }

  /** Why the request is refused, or `undefined` when it may go on. */
  reject(headers: Readonly<Record<string, string | string[] | undefined>>): McpRequestRejection | undefined {
    const host = first(headers.host);
    if (this.hosts && (host === undefined || !this.hostAllowed(host)))
      return { status: 403, message: McpMessages.hostNotAllowed('allowedHosts') };
    const origin = first(headers.origin);
    if (origin === undefined || this.anyOrigin) return undefined;
    if (this.origins) {
      return this.origins.has(lower(origin))
        ? undefined
        : { status: 403, message: McpMessages.originNotAllowed('allowedOrigins') };
    }
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return { status: 403, message: McpMessages.originNotAllowed('allowedOrigins') };
    }
    const allowed = this.hosts ? this.hostAllowed(originHost) : originHost === lower(host ?? '');
    return allowed ? undefined : { status: 403, message: McpMessages.originNotAllowed('allowedOrigins') };
  }

  /** `host` or `host:port`; a listed name without a port allows every port. */
  private hostAllowed(value: string): boolean {
    const hostPort = lower(value);
    if (this.hosts!.has(hostPort)) return true;
    const name = hostPort.startsWith('[')
      ? hostPort.slice(0, hostPort.indexOf(']') + 1)
      : hostPort.split(':')[0];
    return this.hosts!.has(name);
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function lower(value: string): string {
  return value.trim().toLowerCase();
}
