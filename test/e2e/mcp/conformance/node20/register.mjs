// `node --import ./register.mjs …/conformance/dist/index.js`: the official MCP conformance suite imports
// `globSync` from `fs`, which Node has only from 22 on, and fails to load on Node 20 (the engines floor here). It
// uses it only in `tier-check`, never in the server scenarios: on Node 20 its `fs` gets a `globSync` that says so.
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') register('./hooks.mjs', import.meta.url);
