import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { ResultPart, ToolResult, type ToolResponse } from 'nestjs-tool-calling';
import { mcpCallResultOf } from '../../../lib/mcp/server/mcp-content.mapper';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** The response the loop makes of a `ToolResult`: its parts, and the text of its text parts as `result`. */
function responseOf(result: ToolResult, isError = false): ToolResponse {
  const text = result.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
  return {
    id: 'c1',
    name: 'tool',
    result: text,
    isError,
    content: result.parts,
    ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
  };
}

/** Parsed by the SDK's own schema: what an MCP client would accept. */
const valid = (result: unknown) => CallToolResultSchema.parse(result);

describe('mcpCallResultOf: a tool response as an MCP tool result', () => {
  it('sends a string result as one text block, exactly as before', () => {
    const result = mcpCallResultOf({ id: 'c1', name: 'tool', result: 'sunny', isError: false });
    expect(result).toEqual({ content: [{ type: 'text', text: 'sunny' }] });
    expect(mcpCallResultOf({ id: 'c1', name: 'tool', result: 'down', isError: true })).toEqual({
      content: [{ type: 'text', text: 'down' }],
      isError: true,
    });
  });

  it('sends text, image, audio, a resource link and embedded resources as blocks of their kind, in order', () => {
    const result = mcpCallResultOf(
      responseOf(
        ToolResult.of(
          'the chart:',
          ResultPart.image(PNG, 'image/png'),
          ResultPart.audio('UklGRg==', 'audio/wav'),
          ResultPart.resourceLink({ uri: 'tickets://42', name: 'ticket 42', description: 'the ticket' }),
          ResultPart.resourceText('note://1', 'call back', 'text/plain'),
          ResultPart.resourceBytes('blob://2', Buffer.from([0, 1, 2])),
        ),
      ),
    );
    expect(valid(result)).toEqual(result);
    expect(result.content).toEqual([
      { type: 'text', text: 'the chart:' },
      { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'tickets://42', name: 'ticket 42', description: 'the ticket' },
      { type: 'resource', resource: { uri: 'note://1', mimeType: 'text/plain', text: 'call back' } },
      { type: 'resource', resource: { uri: 'blob://2', blob: 'AAEC' } },
    ]);
    expect(result.structuredContent).toBeUndefined();
  });

  it('sends a file as an embedded resource, and media at a URL as a link (a data: URL as its bytes)', () => {
    const result = mcpCallResultOf(
      responseOf(
        ToolResult.of(
          ResultPart.file(Buffer.from('%PDF'), 'application/pdf', 'q3 report.pdf'),
          ResultPart.file('AAEC', 'application/octet-stream'),
          ResultPart.imageUrl('https://cdn.example.com/charts/open.png', 'image/png'),
          ResultPart.fileUrl('https://example.com/r.csv', 'text/csv', 'report.csv'),
          ResultPart.imageUrl(`data:image/png;base64,${PNG.toString('base64')}`, 'image/png'),
        ),
      ),
    );
    expect(valid(result)).toEqual(result);
    expect(result.content).toEqual([
      {
        type: 'resource',
        resource: { uri: 'attachment:q3%20report.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' },
      },
      {
        type: 'resource',
        resource: { uri: 'attachment:file-2', mimeType: 'application/octet-stream', blob: 'AAEC' },
      },
      {
        type: 'resource_link',
        uri: 'https://cdn.example.com/charts/open.png',
        name: 'open.png',
        mimeType: 'image/png',
      },
      { type: 'resource_link', uri: 'https://example.com/r.csv', name: 'report.csv', mimeType: 'text/csv' },
      { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
    ]);
  });

  it('sends structured content beside the blocks, and as the text of its JSON when there is no block', () => {
    const withText = mcpCallResultOf(
      responseOf(ToolResult.of('19 °C').withStructuredContent({ temperature: 19 })),
    );
    expect(withText).toEqual({
      content: [{ type: 'text', text: '19 °C' }],
      structuredContent: { temperature: 19 },
    });
    const alone = mcpCallResultOf(responseOf(ToolResult.of().withStructuredContent({ temperature: 19 })));
    expect(valid(alone)).toEqual(alone);
    expect(alone).toEqual({
      content: [{ type: 'text', text: '{"temperature":19}' }],
      structuredContent: { temperature: 19 },
    });
  });

  it('keeps isError with the parts of a failed result', () => {
    const result = mcpCallResultOf(responseOf(ToolResult.of('no such ticket'), true));
    expect(result).toEqual({ content: [{ type: 'text', text: 'no such ticket' }], isError: true });
  });
});
