// Tracing, when a stage turns it on (`-c tracing=true`: X-Ray active tracing, and
// POWERTOOLS_TRACE_ENABLED=true on every function): each invocation becomes a subsegment annotated
// with its cold start, and every log line carries the Lambda context (request ID, function name and
// version, cold start). Off, the tracer is never loaded, so it costs neither bundle parse time nor
// memory on a cold start (BENCHMARKS.md, "Tracing"). Nothing of a request or an answer goes into a
// trace: they carry tax data.

import type { Context } from 'aws-lambda';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { logger } from '#shared/logger.ts';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

export const tracingEnabled = () => process.env.POWERTOOLS_TRACE_ENABLED === 'true';

let loading: Promise<Tracer> | undefined;
const tracer = () => (loading ??= import('@aws-lambda-powertools/tracer').then(({ Tracer }) => new Tracer()));

/** The handler itself while tracing is off; with it on, the handler traced, its log lines in context. */
export function traced<H extends (event: never, context: Context, ...rest: never[]) => Promise<unknown>>(handler: H): H {
  if (!tracingEnabled()) return handler;
  const inner = handler as unknown as Handler;
  const wrapped: Handler = async (event, context) => {
    const active = await tracer();
    logger.addContext(context);
    const parent = active.getSegment();
    const segment = parent?.addNewSubsegment(`## ${context.functionName}`);
    if (segment) active.setSegment(segment);
    active.annotateColdStart();
    active.addServiceNameAnnotation();
    try {
      return await inner(event, context);
    } catch (error) {
      active.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      segment?.close();
      if (parent) active.setSegment(parent);
    }
  };
  return wrapped as unknown as H;
}
