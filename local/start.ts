// `npm start`: steuerbote on this machine, with what to type next.

import { ConfigError, wholeNumber, text } from '../shared/config.ts';
import { startLocalRuntime } from '#local/runtime.ts';
import { transportLimits } from '../shared/http/transport.ts';
import { settingNames } from '../shared/setting-names.ts';

try {
  const requestTimeoutSeconds = wholeNumber(settingNames.apiRequestTimeoutSeconds, transportLimits.requestTimeoutSeconds, { min: 1, max: 3600 });
  const runtime = await startLocalRuntime({
    dataDir: text(settingNames.dataDir, '.data'),
    apiPort: wholeNumber(settingNames.apiPort, 3000, { min: 0, max: 65535 }),
    receiverPort: wholeNumber(settingNames.hookExamplePort, 8080, { min: 0, max: 65535 }),
    maxConnections: wholeNumber(settingNames.apiMaxConnections, transportLimits.maxConnections, { min: 1, max: 10_000 }),
    // Node refuses a headers timeout longer than the request's.
    headersTimeoutSeconds: wholeNumber(settingNames.apiHeadersTimeoutSeconds, Math.min(transportLimits.headersTimeoutSeconds, requestTimeoutSeconds), {
      min: 1,
      max: requestTimeoutSeconds,
    }),
    requestTimeoutSeconds,
  });
  console.log(welcome(runtime.apiUrl, runtime.receiverUrl, runtime.apiKey));
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await runtime.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown());
  process.on('SIGTERM', () => shutdown());
  // Serving on without a part would answer every request to it with an error; what was accepted is
  // on disk, and the next start finishes it.
  void runtime.partEnded.then((part) => {
    console.error(`steuerbote: the ${part} stopped unexpectedly. Start again to go on: nothing accepted is lost.`);
    return shutdown(1);
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`steuerbote: ${error.message}`);
  } else {
    console.error(`steuerbote: could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}

function welcome(api: string, receiver: string, key: string): string {
  const hooks =
    process.env[settingNames.hookEnabled] === 'true' ? `on, to ${process.env[settingNames.hookUri]}` : 'off (start with HOOK_ENABLED=true to receive them)';
  const sample = JSON.stringify({
    test: true,
    year: 2026,
    period: '03',
    tax_number: '9198011310010',
    supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München' },
    kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
  });
  const dataDir = process.env[settingNames.dataDir] ?? '.data';
  // The command looks for the runtime file under .data, or under DATA_DIR when it is set as here.
  const command = `${process.env[settingNames.dataDir] ? `DATA_DIR=${shellWord(dataDir)} ` : ''}npx steuerbote`;
  return `
steuerbote is running (tax authority: ${process.env[settingNames.taxAuthority] ?? 'sandbox'}, data in ${dataDir}/)

  API               ${api}/v2/version
  Example receiver  ${receiver}/dummy/hook-endpoint
  Webhooks          ${hooks}
  API key           ${key}

Submit a sample UStVA:

  curl -s -X POST ${api}/v2/ustva \\
    -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' \\
    -d '${sample}'

Or file the examples with the steuerbote command, from this directory in another terminal (it finds
this service through ${dataDir}/runtime.json):

  ${command} submit ustva examples/*.json --wait --out protocols/
  ${command} status <ticket>

Then follow the ticket it returns:

  curl -s ${api}/v2/status/<ticket> -H 'Authorization: Bearer ${key}'
  curl -s ${api}/v2/protocol/<ticket> -H 'Authorization: Bearer ${key}' -H 'Accept: application/pdf' -o protocol.pdf

Ctrl-C stops everything; tickets and PDFs stay in ${dataDir}/.
`;
}

function shellWord(word: string): string {
  return /^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
