'use strict';
// Builds the chat page (sample-app/web/*.tsx: React 19 and the AI SDK's useChat) into one static file the sample
// serves, sample-app/public/build/chat.js, with esbuild. Run by `npm run build:sample` (and so by `npm start`), and
// by the browser tests before they open the page.
const path = require('node:path');
const esbuild = require('esbuild');

const OUT_FILE = path.join(__dirname, '..', 'public', 'build', 'chat.js');

/** Bundles the page; resolves with the path of the file written. */
async function buildChatPage(outfile = OUT_FILE) {
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'main.tsx')],
    tsconfig: path.join(__dirname, 'tsconfig.json'),
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    minify: process.env.CHAT_PAGE_MINIFY !== 'false',
    sourcemap: process.env.CHAT_PAGE_MINIFY === 'false' ? 'inline' : false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return outfile;
}

if (require.main === module) {
  buildChatPage().then(
    (file) => console.log(`Chat page built: ${path.relative(process.cwd(), file)}`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

module.exports = { buildChatPage };
