import { assignToolNames, fitToolName } from '../../../lib/mcp/client/mcp-tool-names';

describe('MCP tool names', () => {
  it('keeps a valid name, replaces what models refuse, and stays stable', () => {
    expect(fitToolName('searchKnowledgeBase')).toBe('searchKnowledgeBase');
    expect(fitToolName('weather.now')).toBe('weather_now');
    expect(fitToolName('files/read file')).toBe('files_read_file');
    expect(fitToolName('weather.now')).toBe(fitToolName('weather.now'));
  });

  it('cuts long names with a hash of the original, so that two long names stay apart', () => {
    const a = fitToolName(`${'x'.repeat(70)}a`);
    const b = fitToolName(`${'x'.repeat(70)}b`);
    expect(a).toMatch(/^x{55}_[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    expect(fitToolName('日本語')).toMatch(/^_{4}[0-9a-f]{8}$/);
  });

  it('prefixes with the server name on a clash with a reserved name or between servers', () => {
    const names = assignToolNames(
      [
        { server: 'kb', name: 'search' },
        { server: 'web', name: 'search' },
        { server: 'kb', name: 'getWeather' },
        { server: 'kb', name: 'unique' },
      ],
      new Set(['getWeather']),
    );
    expect(names).toEqual(['kb_search', 'web_search', 'kb_getWeather', 'unique']);
  });

  it('gives two tools of one server whose names fit to the same text different names', () => {
    const names = assignToolNames(
      [
        { server: 'kb', name: 'a.b' },
        { server: 'kb', name: 'a_b' },
      ],
      new Set(),
    );
    expect(names[0]).toBe('kb_a_b');
    expect(names[1]).toMatch(/^kb_a_b_[0-9a-f]{8}$/);
    expect(new Set(names).size).toBe(2);
  });
});
