// Copied into the `nest new` app of pack-smoke.sh and run there after `npm run build` (so that it loads that app's
// Nest): the docs' first app answers a question without a key, through TOOL_CALLING_PROVIDER=offline, over HTTP.
process.env.TOOL_CALLING_PROVIDER = 'offline';
const { NestFactory } = require('@nestjs/core');
const { AppModule } = require('./dist/app.module');

async function main() {
  const app = await NestFactory.create(AppModule, { logger: false, abortOnError: false });
  await app.listen(0, '127.0.0.1');
  try {
    const response = await fetch(`${await app.getUrl()}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'What is the weather in Paris?' }),
    });
    const answer = await response.text();
    if (
      response.status !== 201 ||
      !answer.includes('- Get weather: Paris: sunny, 25°C') ||
      !answer.includes('not a language model')
    ) {
      throw new Error(`unexpected answer (${response.status}): ${answer}`);
    }
    console.log(`first app, offline model: ${answer.split('\n')[1]}`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
