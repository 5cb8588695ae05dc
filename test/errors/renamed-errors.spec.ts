import {
  InvalidMcpServersError,
  InvalidToolCallingConfigError,
  NoSuchToolError,
  ToolCallingConfigurationError,
  ToolCallingOptionsError,
  ToolNameResolutionError,
  UnknownToolCallError,
  UnknownToolNamesError,
} from 'nestjs-tool-calling';

describe('errors named after who is at fault', () => {
  it('UnknownToolCallError: the model called a tool that is not attached', () => {
    const error = new UnknownToolCallError('get_wether', ['get_weather']);
    expect(error.name).toBe('UnknownToolCallError');
    expect(error.message).toContain('get_wether');
    expect(error.message).toContain('get_weather');
  });

  it('UnknownToolNamesError: the application named tools no resolver knows', () => {
    const error = new UnknownToolNamesError(['refund'], true);
    expect(error.name).toBe('UnknownToolNamesError');
    expect(error.toolNames).toEqual(['refund']);
  });

  it('keeps the former names as aliases of the same classes', () => {
    expect(NoSuchToolError).toBe(UnknownToolCallError);
    expect(ToolNameResolutionError).toBe(UnknownToolNamesError);
    expect(new UnknownToolCallError('a', [])).toBeInstanceOf(NoSuchToolError);
  });

  it('groups the configuration errors under ToolCallingConfigurationError', () => {
    const errors = [
      new ToolCallingOptionsError('limits.maxRounds', 0, 'a positive integer'),
      new InvalidToolCallingConfigError([{ variable: 'TOOL_CALLING_MAX_ROUNDS', message: 'not a number' }]),
      new InvalidMcpServersError('TOOL_CALLING_MCP_SERVERS', ['kb: no url or command']),
    ];
    for (const error of errors) expect(error).toBeInstanceOf(ToolCallingConfigurationError);
  });
});
