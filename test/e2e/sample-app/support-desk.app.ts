import type { NestExpressApplication } from '@nestjs/platform-express';
import { join } from 'node:path';
import { createApp } from '../../../sample-app/src/bootstrap';

const ROOT = join(__dirname, '..', '..', '..');

/** The sample's knowledge base MCP server from its TypeScript source (the app itself runs it compiled). */
export const KNOWLEDGE_BASE_FROM_SOURCE = {
  command: process.execPath,
  args: [
    '-r',
    join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js'),
    join(ROOT, 'sample-app', 'src', 'knowledge-base', 'knowledge-base.server.ts'),
  ],
};

/** The sample app on a fresh in-memory database, listening on a free loopback port. */
export async function startSupportDesk(): Promise<{ app: NestExpressApplication; url: string }> {
  const app = await createApp(
    { databasePath: ':memory:', mcpServers: { kb: KNOWLEDGE_BASE_FROM_SOURCE } },
    false,
  );
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

/** The events of a server-sent events body, parsed from their `data:` lines. */
export function parseSse(body: string): any[] {
  return body
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data));
}

/** Signs in as a demo user (password `demo`) and returns the `Authorization` header value. */
export async function signIn(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (response.status !== 200) throw new Error(`login of ${username} answered ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return `Bearer ${access_token}`;
}
