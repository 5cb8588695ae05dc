import { EventSchemas } from '@ag-ui/core/schemas';
import type { BaseEvent } from '@ag-ui/core';
import { AgUiEventMapper } from '../../../lib/ui/ag-ui/ag-ui-event.mapper';

describe('AgUiEventMapper', () => {
  it("maps a tool's question (tool-elicitation) to a CUSTOM event AG-UI's own schema accepts", () => {
    const mapper = new AgUiEventMapper({ threadId: 't', runId: 'r' });
    const out: BaseEvent[] = [];
    mapper.map(
      {
        type: 'tool-elicitation',
        round: 1,
        toolCall: { id: 'call-1', name: 'close_ticket', arguments: '{}' },
        message: 'Close ticket 7?',
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
      },
      out,
    );

    expect(out).toEqual([
      {
        type: 'CUSTOM',
        name: 'tool-elicitation',
        value: {
          toolCallId: 'call-1',
          toolName: 'close_ticket',
          message: 'Close ticket 7?',
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
        },
      },
    ]);
    expect(EventSchemas.safeParse(out[0]).success).toBe(true);
  });
});
