'use strict';

/**
 * The two ways a stateless client reaches an MCP server over Streamable HTTP without a handshake:
 *
 * - `2025-11-25`: the 2025-era request, no `initialize` first (a stateless server answers any request), the
 *   revision named in the `MCP-Protocol-Version` header. Every server here serves it: the v1 SDK's transport and
 *   the v2 SDK's stateless legacy leg.
 * - `2026-07-28`: the per-request `_meta` envelope of that revision (protocol version and client capabilities
 *   required, client info given), with the matching `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers.
 *   Only v2 servers serve it; a v1 server refuses it (400, unsupported protocol version).
 *
 * The runner measures every revision all four servers serve (see `detectProtocols()` in run.js), the same
 * requests for all four.
 */
const PROTOCOLS = ['2025-11-25', '2026-07-28'];
const MODERN = '2026-07-28';

function headersFor(protocol, method, name) {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': protocol,
    ...(protocol === MODERN && { 'mcp-method': method }),
    ...(protocol === MODERN && name !== undefined && { 'mcp-name': name }),
  };
}

function paramsFor(protocol, params) {
  if (protocol !== MODERN) return params;
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': MODERN,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'nestjs-tool-calling-bench', version: '1.0.0' },
    },
  };
}

/** One JSON-RPC request as autocannon and fetch send it: `{ method: 'POST', headers, body }`. */
function request(protocol, id, method, params, name) {
  return {
    method: 'POST',
    headers: headersFor(protocol, method, name),
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: paramsFor(protocol, params) }),
  };
}

const toolsCall = (protocol, id, name, args) =>
  request(protocol, id, 'tools/call', { name, arguments: args }, name);
const toolsList = (protocol, id) => request(protocol, id, 'tools/list', {});

module.exports = { PROTOCOLS, MODERN, toolsCall, toolsList };
