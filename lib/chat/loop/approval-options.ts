import type { ApprovalStore } from '../ports/approval-store';
import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';

/** Whose approval it is and who asks to decide it, for `ApprovalOptions.mayDecide`. */
export interface ApprovalCaller {
  /** `callerId(request)` of the HTTP request the decision comes with (a caller without one is refused before). */
  readonly id: string;
  /** That request (undefined outside an HTTP request). */
  readonly request: unknown;
}

/** The approval being decided. */
export interface ApprovalSubject {
  /** The tool the call is for. */
  readonly toolName: string;
  /** The call's arguments, parsed and validated. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** `callerId` of the request that asked the question (`undefined` only for a run paused by an older version). */
  readonly callerId: string | undefined;
}

/** How calls that need approval pause and who may decide them (a `ChatClient` option and a module option). */
export interface ApprovalOptions {
  /**
   * Where paused runs wait. The module gives its own (in memory, or Redis with its `redis` option); a client made
   * with `ChatClient.create()` needs one as soon as a tool call asks for approval (e.g. `new InMemoryApprovalStore()`
   * for one replica): without it such a call fails with a `ToolCallingOptionsError`.
   */
  readonly store?: ApprovalStore;
  /**
   * How long an approval may be decided, in milliseconds.
   * @defaultValue 900000 (15 minutes)
   */
  readonly ttlMs?: number;
  /**
   * Who the caller is, from the HTTP request the chat call serves (the execution scope). Default: `request.user`'s
   * `id`, `sub`, `userId` or `username` (what Passport and `@nestjs/jwt` guards set), or the user itself when it is
   * a string. A call that would pause, or a decision, whose caller has no id (`undefined` or `''`) is refused with
   * an `ApprovalCallerUnknownError`: set it when your guard puts the user elsewhere or names its id otherwise.
   */
  readonly callerId?: (request: unknown) => string | undefined;
  /**
   * Whether this caller may decide this approval (asked only for a caller with an id). Default: the same caller id
   * as the question's.
   */
  readonly mayDecide?: (approval: ApprovalSubject, caller: ApprovalCaller) => boolean | Promise<boolean>;
}

/** `ApprovalOptions` with every default filled in; the store stays absent when none was given. */
export type ResolvedApprovalOptions = Required<Omit<ApprovalOptions, 'store'>> &
  Pick<ApprovalOptions, 'store'>;

const DEFAULT_APPROVAL_TTL_MS = 15 * 60 * 1000;

/** The default `callerId`: the id of `request.user`. */
export function userIdOf(request: unknown): string | undefined {
  const user = (request as { user?: unknown } | undefined)?.user;
  if (typeof user === 'string' || typeof user === 'number') return String(user);
  if (typeof user !== 'object' || user === null) return undefined;
  const u = user as Record<string, unknown>;
  for (const key of ['id', 'sub', 'userId', 'username']) {
    const value = u[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return undefined;
}

/** The id `callerId` gives the caller of `request`: `undefined` unless a non-empty string. */
export function callerIdentity(approvals: ResolvedApprovalOptions, request: unknown): string | undefined {
  const id: unknown = approvals.callerId(request);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The default `mayDecide`: the caller who asked, and nobody else (never two callers without an id). */
function sameCaller(approval: ApprovalSubject, caller: ApprovalCaller): boolean {
  return approval.callerId !== undefined && approval.callerId === caller.id;
}

export function resolveApprovalOptions(options: ApprovalOptions = {}): ResolvedApprovalOptions {
  return {
    ...(options.store && { store: options.store }),
    ttlMs: options.ttlMs ?? DEFAULT_APPROVAL_TTL_MS,
    callerId: options.callerId ?? userIdOf,
    mayDecide: options.mayDecide ?? sameCaller,
  };
}

/** The store of these options; a call that needs one without it was given fails, closed, before anything is saved. */
export function approvalStoreOf(approvals: ResolvedApprovalOptions): ApprovalStore {
  if (approvals.store) return approvals.store;
  throw new ToolCallingOptionsError(
    'approvals.store',
    undefined,
    'an ApprovalStore (e.g. new InMemoryApprovalStore()) when a tool call needs approval',
  );
}
