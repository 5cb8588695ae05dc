'use strict';
const { CORE_TOOLS, fillerTools, buildTool } = require('./tools');
const { Recorder } = require('./recorder');

const USER_MESSAGE = 'What is the weather, the air quality and the local time in Paris?';
const FINAL_TEXT = 'Paris: sunny and 21 °C, air quality good (AQI 42), local time 12:34.';
const D_CITIES = ['Paris', 'Lyon', 'Nantes', 'Lille', 'Nice', 'Brest', 'Dijon', 'Metz', 'Pau', 'Caen'];

const PARIS_ROUND = [
  ['getWeather', { city: 'Paris' }],
  ['getAirQuality', { city: 'Paris' }],
  ['getTime', { zone: 'Europe/Paris' }],
];

/**
 * The variants of issue 7. `rounds[i]` lists the tool calls the model asks for in round i; after the last round it
 * answers with FINAL_TEXT. `probe` is not measured: it checks that an implementation rejects invalid arguments.
 */
const VARIANTS = {
  A: { title: '3 synchronous tools, 1 round', tools: CORE_TOOLS, delayMs: 0, rounds: [PARIS_ROUND] },
  B: {
    title: '3 tools awaiting a 5 ms timer, 1 round',
    tools: CORE_TOOLS,
    delayMs: 5,
    rounds: [PARIS_ROUND],
  },
  C: {
    title: '200 tools registered, 3 called, 1 round',
    tools: [...CORE_TOOLS, ...fillerTools(197)],
    delayMs: 0,
    rounds: [PARIS_ROUND],
  },
  D: {
    title: '10 rounds of 1 tool call, then text',
    tools: CORE_TOOLS,
    delayMs: 0,
    rounds: D_CITIES.map((city, i) =>
      i % 3 === 0
        ? [['getWeather', { city }]]
        : i % 3 === 1
          ? [['getAirQuality', { city }]]
          : [['getTime', { zone: `Europe/${city}` }]],
    ),
  },
  probe: {
    title: 'invalid arguments (setup check only)',
    tools: CORE_TOOLS,
    delayMs: 0,
    rounds: [[['getWeather', { city: 42 }]]],
    invalid: true,
  },
};

const MEASURED_VARIANTS = ['A', 'B', 'C', 'D'];

/**
 * Everything an implementation needs for one variant, built fresh in each worker process.
 *
 * script.respond(round) is the scripted model: round = the number of assistant turns already in the conversation
 * (so the model is stateless and reads the history it is given, as a real one does). A tool call carries its
 * arguments as JSON text, as providers send them.
 */
function createWorkload(id) {
  const variant = VARIANTS[id];
  if (!variant) throw new Error(`unknown variant ${id}; known: ${Object.keys(VARIANTS).join(', ')}`);
  const recorder = new Recorder();
  const specs = new Map(variant.tools.map((spec) => [spec.name, spec]));
  const rounds = variant.rounds.map((calls, round) =>
    calls.map(([name, args], index) => ({
      id: `call_${round}_${index}`,
      name,
      arguments: JSON.stringify(args),
      args,
    })),
  );
  const expectedCalls = variant.invalid ? [] : rounds.flat().map(({ name, args }) => ({ name, args }));
  return {
    id,
    title: variant.title,
    userMessage: USER_MESSAGE,
    finalText: FINAL_TEXT,
    tools: variant.tools.map((spec) => buildTool(spec, { delayMs: variant.delayMs, recorder })),
    recorder,
    // Conversations run side by side in the heap check when the tools mostly wait, so that it ends in time.
    heapLanes: variant.delayMs > 0 ? 50 : 1,
    script: {
      rounds,
      modelCalls: rounds.length + 1,
      respond: (round) => (round < rounds.length ? { toolCalls: rounds[round] } : { text: FINAL_TEXT }),
    },
    expected: {
      invalid: Boolean(variant.invalid),
      calls: expectedCalls,
      resultMarkers: expectedCalls.map(({ name, args }) => specs.get(name).marker(args)),
    },
  };
}

module.exports = { createWorkload, MEASURED_VARIANTS, VARIANTS };
