import { inspect } from 'node:util';
import { ConsoleLogger } from '@nestjs/common';
import { ChatClient, ToolContext } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

const SECRET = 'sk-live-4242';
const values = { tenantId: 'acme', apiToken: SECRET, user: { id: 7, password: SECRET } };

/** What a ConsoleLogger wrote to stdout and stderr while `log` ran. */
function printed(log: () => void): string {
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    log();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return chunks.join('');
}

describe('ToolContext values are never printed', () => {
  const context = ToolContext.of(values).forTool('lookup');

  it('util.inspect shows the keys and the tool, not the values', () => {
    expect(inspect(context)).toBe('ToolContext(3 keys: ["tenantId", "apiToken", "user"], tool "lookup")');
    expect(inspect(context, { showHidden: true, depth: Infinity })).not.toContain(SECRET);
  });

  it('nor does anything that holds it, at any depth', () => {
    const hookContext = { toolCall: { id: '1', name: 'lookup', arguments: '{}' }, context, round: 1 };
    expect(inspect({ nested: { deeper: hookContext } }, { depth: Infinity })).not.toContain(SECRET);
    expect(inspect(new Error('boom', { cause: { context } }))).not.toContain(SECRET);
  });

  it("Nest's Logger prints no value, whether given the context or an object holding it", () => {
    const logger = new ConsoleLogger('Tools', { logLevels: ['debug', 'error'] });
    const text = printed(() => {
      logger.debug(context);
      logger.error('tool failed', { context });
    });
    expect(text).toContain('ToolContext(3 keys');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('acme');
  });

  it('a ChatClient and a request printed show the keys of their tool context, not the values', () => {
    const client = ChatClient.create(new ScriptedChatModel(['ok']), { toolContext: values });
    const spec = client.prompt('hello').toolContext({ sessionKey: SECRET });
    expect(inspect(client, { depth: Infinity })).toContain('ToolContext(3 keys');
    expect(inspect(client, { depth: Infinity, showHidden: true })).not.toContain(SECRET);
    expect(inspect(spec, { depth: Infinity, showHidden: true })).not.toContain(SECRET);
  });
});
