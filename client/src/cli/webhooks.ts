// `steuerbote webhooks <ticket>`: every attempt at posting the ticket's webhook, oldest first
// (GET /v2/ticket/{ticket}/webhooks), so that a receiver's failures can be read after the fact;
// `steuerbote resend <ticket>`: the webhook sent again as a new delivery (POST on the same path).
import type { Steuerbote } from '../client.ts';
import type { WebhookAttempt } from '../types.ts';
import { jsonText } from './json-output.ts';
import type { Io } from './submit.ts';
import { table } from './table.ts';

/** Every field an attempt can have, for --json-fields to check even when there is none. */
const every: Record<keyof WebhookAttempt, true> = {
  webhook_id: true,
  attempt: true,
  attempted_at: true,
  host: true,
  response_status: true,
  error: true,
  duration_ms: true,
  outcome: true,
  next_attempt_at: true,
  response_excerpt: true,
};

const time = (iso: string | undefined) => iso?.slice(0, 19).replace('T', ' ') ?? '';

export async function webhooks(client: Steuerbote, ticket: string, io: Io): Promise<number> {
  const { attempts } = await client.webhooks(ticket);
  if (io.json) io.stdout.write(await jsonText(attempts, io.json, Object.keys(every)));
  else if (attempts.length === 0) io.stdout.write('no webhook attempts (webhooks off, or the ticket not delivered yet)\n');
  else {
    const rows = attempts.map((a) => [
      String(a.attempt),
      time(a.attempted_at),
      a.host,
      a.response_status !== undefined ? String(a.response_status) : (a.error ?? ''),
      a.outcome,
      `${a.duration_ms} ms`,
      time(a.next_attempt_at),
      a.response_excerpt?.replace(/\s+/g, ' ') ?? '',
    ]);
    const header = ['#', 'AT (UTC)', 'HOST', 'ANSWER', 'OUTCOME', 'TOOK', 'NEXT (UTC)', 'ANSWER BEGINS'];
    io.stdout.write(table(header, rows, { maxWidth: io.stdout.isTTY ? io.stdout.columns : undefined, shrinkable: [7] }));
  }
  return 0;
}

export async function resend(client: Steuerbote, ticket: string, io: Io): Promise<number> {
  const resent = await client.resendWebhook(ticket);
  io.stdout.write(
    io.json
      ? await jsonText(resent, io.json, ['ticket', 'webhook_id'])
      : `webhook of ${resent.ticket} queued again as ${resent.webhook_id}; its attempts: steuerbote webhooks ${resent.ticket}\n`,
  );
  return 0;
}
