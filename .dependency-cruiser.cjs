// The rooms of lib/ and what each may import (docs/ARCHITECTURE.md, "The rules, checked"), checked by
// `npm run depcheck` (and so by .ci/run).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere in lib/, type-only imports included.',
      from: { path: '^lib/' },
      to: { circular: true },
    },
    {
      name: 'tool-stands-alone',
      severity: 'error',
      comment: 'A tool works without a chat, a model or the Nest module.',
      from: { path: '^lib/tool/' },
      to: { path: '^lib/(chat|models|module|handlers|mcp|memory|approval|telemetry|testing)/' },
    },
    {
      name: 'chat-owns-its-ports',
      severity: 'error',
      comment:
        'The chat client and its loop talk to models, stores and telemetry through the ports in chat/ (ChatModel, ' +
        'ApprovalStore, ChatMemory, ChatTelemetry), never to an implementation: the module and whoever builds a ' +
        'ChatClient by hand hand them in. Type-only imports included.',
      from: { path: '^lib/chat/' },
      to: { path: '^lib/(models|module|approval|telemetry|memory|mcp|ui|runs|ai-sdk|ag-ui)/' },
    },
    {
      name: 'stores-and-telemetry-implement-ports',
      severity: 'error',
      comment:
        "approval/ and telemetry/ implement chat's ports: of chat/ they know the ports and the model data, never the " +
        'client or the loop.',
      from: { path: '^lib/(approval|telemetry)/' },
      to: { path: '^lib/chat/', pathNot: '^lib/chat/(ports|model)/' },
    },
    {
      name: 'handlers-know-tools-only',
      severity: 'error',
      comment:
        "The 'tool' execution context and Nest's enhancer pipeline wrap tools: they know tool/ and errors/, not the chat, the adapters or the module.",
      from: { path: '^lib/handlers/' },
      to: { path: '^lib/(chat|models|module|mcp|memory|approval|telemetry|testing)/' },
    },
    {
      name: 'errors-stand-alone',
      severity: 'error',
      comment:
        'An error can be built from anywhere: errors/ imports nothing outside itself, except the types of two ' +
        'import-free data files (what a model message and a tool definition are).',
      from: { path: '^lib/errors/' },
      to: {
        path: '^lib/',
        pathNot: [
          '^lib/errors/',
          '^lib/chat/model/messages\\.ts$',
          '^lib/tool/tool-definition\\.ts$',
          '^lib/tool/json-schema\\.ts$',
        ],
      },
    },
    {
      name: 'errors-types-only',
      severity: 'error',
      comment: 'What errors/ takes from outside is types only: nothing of it runs.',
      from: { path: '^lib/errors/' },
      to: { path: '^lib/', pathNot: '^lib/errors/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'import-free-data-files',
      severity: 'error',
      comment:
        'The data files errors/ may take types from import nothing themselves (so no cycle can pass through).',
      from: {
        path: [
          '^lib/chat/model/messages\\.ts$',
          '^lib/tool/tool-definition\\.ts$',
          '^lib/tool/json-schema\\.ts$',
          '^lib/tool/result/tool-result-part\\.ts$',
        ],
      },
      to: {
        path: '^lib/',
        pathNot: ['^lib/tool/json-schema\\.ts$', '^lib/tool/result/tool-result-part\\.ts$'],
      },
    },
    {
      name: 'ag-ui-only-in-its-entry',
      severity: 'error',
      comment: 'The AG-UI packages (optional peers) are imported only by the AG-UI mapping and its entry.',
      from: { path: '^lib/', pathNot: ['^lib/ui/ag-ui/', '^lib/ag-ui/'] },
      to: { path: 'node_modules/@ag-ui/' },
    },
    {
      name: 'library-not-to-tests-or-sample',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(test|sample-app|bench|docs)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
