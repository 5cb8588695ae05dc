'use strict';

/**
 * What the setup check looks at: the calls the tools received and the input of every model round. Disabled while
 * measuring, so recording costs one branch per tool call and per model round.
 */
class Recorder {
  constructor() {
    this.enabled = false;
    this.toolCalls = [];
    this.modelInputs = [];
  }

  start() {
    this.enabled = true;
    this.toolCalls = [];
    this.modelInputs = [];
  }

  stop() {
    this.enabled = false;
  }

  toolCalled(name, args) {
    this.toolCalls.push({ name, args: structuredClone(args) });
  }

  /** Model adapters call this with whatever they received (messages, prompt); only its JSON text is inspected. */
  modelCalled(input) {
    this.modelInputs.push(JSON.stringify(input));
  }
}

module.exports = { Recorder };
