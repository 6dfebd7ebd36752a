// Files one UStVA, follows its ticket and saves the protocol; every other outcome prints one line
// and ends with exit code 1. docs/guides/client.md shows this file; test/integration/client-package.test.ts
// runs it in a project that installed the packed client.
import { readFile, writeFile } from 'node:fs/promises';
import { createSteuerbote, SteuerboteError, SteuerboteUnreachable, TicketWaitTimeout } from '@steuerbote/client';

const steuerbote = createSteuerbote({ baseUrl: process.env.STEUERBOTE_URL, apiKey: process.env.STEUERBOTE_API_KEY });
const file = process.argv[2] ?? 'examples/muster-gmbh-2026-08.json';
try {
  const { ticket } = await steuerbote.submit('ustva', JSON.parse(await readFile(file, 'utf8')));
  const final = await steuerbote.waitForTicket(ticket, { timeoutMs: 120_000, onStatus: ({ status }) => console.log(ticket, status) });
  if (final.status === 'delivered') {
    await writeFile(`${ticket}.pdf`, await steuerbote.protocol(ticket));
  } else {
    // rejected (the tax authority refused it: fix and file again) or failed (it could not be sent)
    console.error(`${ticket} ${final.status}: ${final.error?.code} ${final.error?.message}`);
    for (const finding of final.error?.details ?? []) console.error(`  ${finding.path}: ${finding.message}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof SteuerboteError) console.error(error.status, error.code, error.message, error.details, error.requestId);
  else if (error instanceof SteuerboteUnreachable) console.error(`steuerbote did not answer (${error.code}): ${error.message}`);
  else if (error instanceof TicketWaitTimeout) console.error(`${error.ticket} still ${error.lastStatus}: it goes on; ask again later`);
  else throw error;
  process.exitCode = 1;
}
