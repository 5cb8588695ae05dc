import { McpRequestCheck } from '../../../lib/mcp/server/mcp-request.check';

describe('McpRequestCheck (Host and Origin against DNS rebinding)', () => {
  it('by default accepts local hosts on any port, and origins on them', () => {
    const check = new McpRequestCheck(undefined, undefined);
    expect(check.reject({ host: 'localhost:3000' })).toBeUndefined();
    expect(check.reject({ host: '127.0.0.1:8080', origin: 'http://localhost:5173' })).toBeUndefined();
    expect(check.reject({ host: '[::1]:3000' })).toBeUndefined();
    expect(check.reject({ host: 'evil.example.com' })?.status).toBe(403);
    expect(check.reject({})?.status).toBe(403);
    expect(check.reject({ host: 'localhost:3000', origin: 'http://evil.example.com' })?.message).toContain(
      'allowedOrigins',
    );
  });

  it('accepts the listed hosts and origins only', () => {
    const check = new McpRequestCheck(['desk.example.com'], ['https://ide.example.com']);
    expect(check.reject({ host: 'desk.example.com' })).toBeUndefined();
    expect(check.reject({ host: 'desk.example.com', origin: 'https://ide.example.com' })).toBeUndefined();
    expect(check.reject({ host: 'localhost' })?.message).toContain('allowedHosts');
    expect(check.reject({ host: 'desk.example.com', origin: 'https://desk.example.com' })?.status).toBe(403);
  });

  it("with '*' for hosts, an origin must match the request's own host", () => {
    const check = new McpRequestCheck('*', undefined);
    expect(check.reject({ host: 'anything.example.com' })).toBeUndefined();
    expect(check.reject({ host: 'a.example.com', origin: 'https://a.example.com' })).toBeUndefined();
    expect(check.reject({ host: 'a.example.com', origin: 'https://b.example.com' })?.status).toBe(403);
  });
});
