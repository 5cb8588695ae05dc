'use strict';
const { setTimeout: sleep } = require('node:timers/promises');
const { toJsonSchema, toZodSchema } = require('./schemas');

/**
 * The tools of the workload. Each result carries a marker derived from the arguments (`WX-PARIS`) that appears
 * nowhere else, so the setup check can tell that the results really reached the model.
 */
const CORE_TOOLS = [
  {
    name: 'getWeather',
    description: 'Current weather in a city.',
    params: [{ name: 'city', type: 'string', description: 'City name, e.g. Paris', minLength: 1 }],
    result: ({ city }) => ({ city, condition: 'sunny', celsius: 21, station: `WX-${city.toUpperCase()}` }),
    marker: ({ city }) => `WX-${city.toUpperCase()}`,
  },
  {
    name: 'getAirQuality',
    description: 'Air quality index in a city.',
    params: [{ name: 'city', type: 'string', description: 'City name, e.g. Paris', minLength: 1 }],
    result: ({ city }) => ({ city, aqi: 42, level: 'good', station: `AQ-${city.toUpperCase()}` }),
    marker: ({ city }) => `AQ-${city.toUpperCase()}`,
  },
  {
    name: 'getTime',
    description: 'Current local time in an IANA time zone.',
    params: [
      { name: 'zone', type: 'string', description: 'IANA time zone, e.g. Europe/Paris', minLength: 1 },
    ],
    result: ({ zone }) => ({ zone, time: '12:34', clock: `TZ-${zone.toUpperCase()}` }),
    marker: ({ zone }) => `TZ-${zone.toUpperCase()}`,
  },
];

/** Registered but never called: they only weigh on the definitions sent with every model round (variant C). */
function fillerTools(count) {
  const tools = [];
  for (let i = 1; i <= count; i++) {
    const id = String(i).padStart(3, '0');
    const params = [
      { name: 'query', type: 'string', description: `Text to search for in catalogue ${id}`, minLength: 1 },
      { name: 'limit', type: 'integer', description: 'Maximum number of records', minimum: 1, maximum: 100 },
      { name: 'includeArchived', type: 'boolean', description: 'Include archived records', optional: true },
    ];
    if (i % 3 === 0)
      params.push({ name: 'minScore', type: 'number', description: 'Relevance cut-off', minimum: 0 });
    tools.push({
      name: `searchCatalogue${id}`,
      description: `Searches catalogue ${id} and returns the matching records.`,
      params,
      result: () => ({ records: [] }),
      marker: () => `CAT-${id}`,
    });
  }
  return tools;
}

/**
 * Turns a tool spec into what implementations register. `fn` is the tool body every implementation calls with the
 * validated arguments; it records the call only while the setup check is on.
 */
function buildTool(spec, { delayMs, recorder }) {
  const { name, result } = spec;
  const fn =
    delayMs > 0
      ? async (args) => {
          if (recorder.enabled) recorder.toolCalled(name, args);
          await sleep(delayMs);
          return result(args);
        }
      : (args) => {
          if (recorder.enabled) recorder.toolCalled(name, args);
          return result(args);
        };
  return {
    name,
    description: spec.description,
    params: spec.params,
    jsonSchema: toJsonSchema(spec.params),
    zodSchema: () => toZodSchema(spec.params),
    fn,
    async: delayMs > 0,
  };
}

module.exports = { CORE_TOOLS, fillerTools, buildTool };
