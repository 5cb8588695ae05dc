import { Inject, Injectable, Scope } from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Tool } from 'nestjs-tool-calling';

interface HttpRequestLike {
  headers: Record<string, string | string[] | undefined>;
}

/** Request-scoped: one instance per HTTP request, which knows who is asking. */
@Injectable({ scope: Scope.REQUEST })
export class CurrentUserTools {
  constructor(@Inject(REQUEST) private readonly request: HttpRequestLike) {}

  @Tool({ description: 'Who am I: the name of the user asking, from their login' })
  whoAmI(): { user: string } {
    const header = this.request.headers['x-user'];
    return { user: (Array.isArray(header) ? header[0] : header) || 'anonymous' };
  }
}
