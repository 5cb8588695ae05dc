'use strict';
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { createTestMcpServer } = require('./test-mcp-server');

createTestMcpServer('stdio-test-server')
  .connect(new StdioServerTransport())
  .catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
