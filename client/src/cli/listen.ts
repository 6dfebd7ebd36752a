// `steuerbote listen --forward-to URL`: follows the client's events (GET /v2/events, waiting on the
// service for each next one: API Gateway's HTTP API answers a request only once it has ended, so a
// follow is a long poll) and posts each to a local endpoint, signed with a secret it prints, as the
// service signs its webhooks, so a receiver in development checks what it will check in production.
// Each delivery's answer is shown; a delivery that fails is not tried again.
import type { Steuerbote } from '../client.ts';
import type { ClientEvent } from '../types.ts';
import { newWebhookSecret, webhookHeaders, webhookKey } from '../webhook-signature.ts';
import { UsageError } from './usage-error.ts';
import type { Io } from './submit.ts';

export interface ListenOptions {
  forwardTo: URL;
  /** Only events of these types. */
  types?: string;
  /** A `whsec_…` secret to sign with; without it, a new one each run. */
  secret?: string;
  /** Seconds the service waits for an event before it answers with none. */
  waitSeconds?: number;
  now?: () => Date;
}

export async function listen(client: Steuerbote, options: ListenOptions, io: Pick<Io, 'stdout' | 'stderr'>): Promise<never> {
  const secret = options.secret ?? newWebhookSecret();
  const key = webhookKey(secret);
  if (!key) throw new UsageError('--secret takes a whsec_… secret: whsec_ and base64');
  const now = options.now ?? (() => new Date());
  const type = options.types;
  // From now on: the newest page's follow_cursor stands where the feed is at this moment.
  let after = (await client.events({ limit: 1, type })).follow_cursor;
  io.stderr.write(`Ready: forwarding events to ${options.forwardTo.href}; the webhook signing secret is ${secret} (Ctrl-C to stop)\n`);
  for (;;) {
    const page = await client.events({ after, type, wait: options.waitSeconds ?? 20 });
    for (const event of page.events) io.stdout.write(`${await forward(event, options.forwardTo, key, now)}\n`);
    after = page.follow_cursor;
  }
}

/** Posts one event, and says what became of it in one line. */
async function forward(event: ClientEvent, url: URL, key: Buffer, now: () => Date): Promise<string> {
  const body = JSON.stringify(event);
  const about = `${event.created_at}  ${event.type.padEnd(24)} ${event.id}  ${String(event.data.ticket ?? event.data.certificate_id ?? '')}`.trimEnd();
  const headers = { 'content-type': 'application/json', ...webhookHeaders(key, event.id, Math.floor(now().getTime() / 1000), body) };
  try {
    const answer = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    await answer.body?.cancel();
    return `${about}  --> POST ${url.href} [${answer.status}]`;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = cause instanceof Error ? ('code' in cause ? String(cause.code) : cause.name) : String(cause);
    return `${about}  --> POST ${url.href} [no answer: ${why}]`;
  }
}
