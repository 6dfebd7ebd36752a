// What the pre-traffic hook (pre-traffic-hook.ts) asks of a new version of each function before any
// traffic moves to it, and what the version must answer. Each probe runs the function's code as a
// real call would, through its configuration, its grants and the stage's key, and changes nothing:
// an API function gets a request on one of its routes (with a key no client holds where the route
// takes one), a queue's consumer a message naming a ticket no one holds, a scheduled job its tick.

import { apiKeyShape } from '#shared/domain/api-key.ts';
import { newCheckId } from '#shared/domain/notice.ts';
import { newTicketId, newWebhookId } from '#shared/domain/ticket.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import { apis, functions, queues, schedules, servedRoutes, type FunctionName, type FunctionSpec, type QueueName, type ServedRoute } from '#shared/manifest.ts';
import { mailboxMessage } from '#shared/queue/mailbox-message.ts';
import { sqsRecord } from '#shared/queue/sqs-record.ts';
import { transmitMessage } from '#shared/queue/transmit-message.ts';
import { webhookMessage } from '#shared/queue/webhook-message.ts';

export interface Probe {
  /** What the version is invoked with. */
  readonly event: unknown;
  /** Why the version's answer fails the probe, or undefined when it passes. */
  readonly verdict: (answer: unknown) => string | undefined;
}

/** A key of the shape every key has, held by no client: a route that takes a key must answer it 401. */
const unknownKey = () => `${apiKeyShape.prefix}${'0'.repeat(apiKeyShape.length)}`;

const messageFor: Record<QueueName, () => string> = {
  transmit: () => transmitMessage(newTicketId()),
  webhook: () => webhookMessage({ ticket: newTicketId(), webhook_id: newWebhookId() }),
  mailbox: () => mailboxMessage(newCheckId()),
};

const authenticates = (name: FunctionName) => Boolean((functions[name] as FunctionSpec).tables?.apiKeys);

/** The probe of `name`'s new version, from what the manifest says invokes it. */
export function probeOf(name: FunctionName): Probe {
  for (const api of Object.values(apis)) {
    const route = servedRoutes(api.routes).find((each) => each.function === name);
    // A route that takes a key refuses one no client holds; a public one that reads answers it; anything else answers below 500.
    if (route) return routeProbe(route, authenticates(name) ? 401 : route.method === 'GET' ? 200 : undefined);
    if (api.fallback === name) return routeProbe({ method: 'GET', path: '/v2/pre-traffic-hook', function: name }, 404);
  }
  const queue = (Object.keys(queues) as QueueName[]).find((each) => queues[each].consumer === name);
  if (queue) return queueProbe(queue);
  if (Object.values(schedules).some((schedule) => schedule.function === name)) return scheduleProbe();
  throw new Error(`Nothing invokes ${name}: it has no probe`);
}

function routeProbe(route: ServedRoute, expected: number | undefined): Probe {
  const pathParameters: Record<string, string> = {};
  const path = route.path.replace(
    /\{(\w+)\}/g,
    (_, parameter: string) => (pathParameters[parameter] = parameter === 'ticket' ? newTicketId() : 'pre-traffic-hook'),
  );
  const routeKey = `${route.method} ${route.path}`;
  const event: ApiEvent = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'x-request-id': 'pre-traffic-hook', ...(expected === 401 && { authorization: `Bearer ${unknownKey()}` }) },
    ...(Object.keys(pathParameters).length > 0 && { pathParameters }),
    requestContext: {
      accountId: 'pre-traffic-hook',
      apiId: 'pre-traffic-hook',
      domainName: 'pre-traffic-hook',
      domainPrefix: 'pre-traffic-hook',
      http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'pre-traffic-hook' },
      requestId: 'pre-traffic-hook',
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
  };
  return {
    event,
    verdict: (answer) => {
      const status = (answer as { statusCode?: unknown } | null)?.statusCode;
      const passed = typeof status === 'number' && (expected === undefined ? status < 500 : status === expected);
      return passed ? undefined : `${route.method} ${path} answered ${String(status)}, not ${expected ?? 'below 500'}`;
    },
  };
}

function queueProbe(queue: QueueName): Probe {
  const record = sqsRecord(messageFor[queue](), {
    messageId: 'pre-traffic-hook',
    receiptHandle: 'pre-traffic-hook',
    eventSourceARN: `pre-traffic-hook:${queue}`,
    awsRegion: 'pre-traffic-hook',
    senderId: 'pre-traffic-hook',
  });

  return {
    event: { Records: [record] },
    verdict: (answer) => {
      const failures = (answer as { batchItemFailures?: unknown } | null)?.batchItemFailures;
      return Array.isArray(failures) && failures.length === 0 ? undefined : `a message of the ${queue} queue failed: ${JSON.stringify(answer)}`;
    },
  };
}

function scheduleProbe(): Probe {
  const event = {
    version: '0',
    id: 'pre-traffic-hook',
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    time: new Date().toISOString(),
    resources: [],
    detail: {},
  };
  // A job that ran without an error passed; what it answers is nobody's.
  return { event, verdict: () => undefined };
}
