import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ToolContextIds } from '../handlers/tool-context-ids';
import type { ToolContext } from '../tool/tool-context';

/**
 * Finds the instance of a request-scoped, durable or transient provider that one tool call must use, in the DI
 * sub-tree of the call (see `ToolContextIds`): the HTTP request's, else the conversation's, else a fresh one.
 */
@Injectable()
export class ScopedToolTargetResolver {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly contextIds: ToolContextIds,
  ) {}

  resolve(token: string | symbol | Function, context: ToolContext): Promise<object> {
    return this.moduleRef.resolve<unknown, object>(token, this.contextIds.of(context), { strict: false });
  }
}
