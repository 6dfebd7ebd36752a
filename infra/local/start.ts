// `npm start`: steuerbote on this machine, with what to type next.

import { ConfigError, wholeNumber, text } from '#shared/config.ts';
import { startLocalRuntime } from '#infra/local/runtime.ts';

try {
  const runtime = await startLocalRuntime({
    dataDir: text('DATA_DIR', '.data'),
    apiPort: wholeNumber('PORT', 3000, { min: 0, max: 65535 }),
    hookPort: wholeNumber('HOOK_EXAMPLE_PORT', 8080, { min: 0, max: 65535 }),
  });
  console.log(welcome(runtime.apiUrl, runtime.receiverUrl, runtime.apiKey));
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`steuerbote: ${error.message}`);
  } else {
    console.error(`steuerbote: could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

function welcome(api: string, receiver: string, key: string): string {
  const hooks = process.env.HOOK_ENABLED === 'true' ? `on, to ${process.env.HOOK_URI}` : 'off (start with HOOK_ENABLED=true to receive them)';
  const sample = JSON.stringify({
    test: true,
    year: 2026,
    period: '03',
    tax_number: '9198011310010',
    supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München' },
    kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
  });
  return `
steuerbote is running (tax authority: ${process.env.TAX_AUTHORITY ?? 'sandbox'}, data in ${process.env.DATA_DIR ?? '.data'}/)

  API               ${api}/v2/version
  Example receiver  ${receiver}/dummy/hook-endpoint
  Webhooks          ${hooks}
  API key           ${key}

Submit a sample UStVA:

  curl -s -X POST ${api}/v2/ustva \\
    -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\
    -d '${sample}'

Then follow the ticket it returns:

  curl -s ${api}/v2/status/<ticket> -H 'Authorization: Bearer ${key}'
  curl -s ${api}/v2/protocol/<ticket> -H 'Authorization: Bearer ${key}' -H 'Accept: application/pdf' -o protocol.pdf

Ctrl-C stops everything; tickets and PDFs stay in ${process.env.DATA_DIR ?? '.data'}/.
`;
}
