import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { signIn, startSupportDesk } from './support-desk.app';

describe('sample app: an approval decided too late', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (/^(OPENAI|ANTHROPIC|TOOL_CALLING|REDIS)_/.test(key)) delete process.env[key];
    process.env.TOOL_CALLING_APPROVAL_TTL_MS = '1';
    ({ app, url } = await startSupportDesk());
  });
  afterAll(async () => {
    delete process.env.TOOL_CALLING_APPROVAL_TTL_MS;
    await app.close();
  });

  it('answers 410 Gone once the approval has expired (TOOL_CALLING_APPROVAL_TTL_MS)', async () => {
    const headers = { authorization: await signIn(url, 'alice') };
    const asked = (
      await request(url).post('/chat').set(headers).send({ question: 'Close ticket 2' }).expect(201)
    ).body;
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { body } = await request(url)
      .post(`/chat/approvals/${asked.pendingApprovals[0].id}`)
      .set(headers)
      .send({ approved: true })
      .expect(410);
    expect(body).toMatchObject({ statusCode: 410, error: 'Gone' });
    expect(body.message).toMatch(/^the approval of the call of "closeTicket" expired at /);
  });
});
