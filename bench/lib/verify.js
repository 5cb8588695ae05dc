'use strict';
const assert = require('node:assert/strict');
const { createWorkload } = require('../workload/variants');

/**
 * A benchmark of something that silently does nothing is worthless, so before measuring, each implementation must
 * show on one conversation that it calls the tools with the scripted arguments, feeds their results back to the
 * model and returns the model's final text; and, when it claims to validate, that invalid arguments never reach a
 * tool. Throws an AssertionError naming what is wrong.
 */
async function verifyConversation(handle, workload) {
  const { recorder, expected, script } = workload;
  recorder.start();
  let text;
  try {
    text = await handle.runConversation();
  } finally {
    recorder.stop();
  }
  assert.equal(text, workload.finalText, 'the conversation must end with the model’s final text');
  assert.deepEqual(
    canonicalCalls(recorder.toolCalls),
    canonicalCalls(expected.calls),
    'the tools must be called once per scripted call, with the scripted arguments',
  );
  assert.equal(
    recorder.modelInputs.length,
    script.modelCalls,
    'the model must be called once per round plus once for the answer (model adapters must call recorder.modelCalled)',
  );
  const lastInput = recorder.modelInputs.at(-1);
  const missing = expected.resultMarkers.filter((marker) => !lastInput.includes(marker));
  assert.deepEqual(missing, [], 'every tool result must reach the model in the last round');
  return `${expected.calls.length} tool calls over ${script.modelCalls} model calls, results fed back, final text`;
}

async function verifyRejectsInvalidArguments(implementation) {
  const workload = createWorkload('probe');
  const handle = await implementation.setup(workload);
  const { recorder } = workload;
  recorder.start();
  let outcome;
  try {
    await handle.runConversation();
    outcome = 'invalid arguments rejected, error sent to the model';
  } catch (error) {
    outcome = `invalid arguments rejected by throwing ${error?.constructor?.name ?? typeof error}`;
  } finally {
    recorder.stop();
    await handle.teardown?.();
  }
  assert.deepEqual(recorder.toolCalls, [], 'a tool must never run with arguments that fail its schema');
  assert.ok(recorder.modelInputs.length >= 1, 'the model must have been called');
  return outcome;
}

async function verifyImplementation(implementation, handle, workload) {
  const checks = [await verifyConversation(handle, workload)];
  if (implementation.validatesArguments) checks.push(await verifyRejectsInvalidArguments(implementation));
  return checks;
}

function canonicalCalls(calls) {
  return calls.map((call) => JSON.stringify([call.name, sortKeys(call.args)])).sort();
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

module.exports = { verifyImplementation };
