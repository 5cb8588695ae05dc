'use strict';

/**
 * The tools every server of this benchmark serves: `count` tools of the same shape, each with simple typed
 * arguments (`city` a non-empty string, `days` an optional integer from 1 to 14) and a trivial synchronous body.
 * Each server declares them its own way (JSON Schema for the library, zod for MCP-Nest and the SDK) from this one
 * description, so that the three serve the same list and answer the same calls with the same text.
 */
function createTools(count) {
  const tools = [];
  for (let i = 0; i < count; i++) {
    tools.push({
      name: `forecast_${i}`,
      description: `Weather forecast number ${i}: the outlook for a city over the next days.`,
      params: [
        {
          name: 'city',
          type: 'string',
          description: 'The city, as its inhabitants write it',
          optional: false,
        },
        { name: 'days', type: 'integer', description: 'How many days ahead, 1 to 14', optional: true },
      ],
      jsonSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 1, description: 'The city, as its inhabitants write it' },
          days: { type: 'integer', minimum: 1, maximum: 14, description: 'How many days ahead, 1 to 14' },
        },
        required: ['city'],
        additionalProperties: false,
      },
      fn: ({ city, days }) => `forecast_${i} for ${city}: sunny for ${days ?? 3} days`,
    });
  }
  return tools;
}

/** The zod schema of a tool's arguments (MCP-Nest and the SDK), the same constraints as its JSON Schema. */
function zodShape(z) {
  return {
    city: z.string().min(1).describe('The city, as its inhabitants write it'),
    days: z.number().int().min(1).max(14).optional().describe('How many days ahead, 1 to 14'),
  };
}

module.exports = { createTools, zodShape };
