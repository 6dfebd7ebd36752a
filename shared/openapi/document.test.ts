import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { handler } from '#functions/get-openapi.ts';
import { apis, servedRoutes } from '#shared/manifest.ts';
import { ticketIdPattern, type Kind, type Ticket } from '#shared/domain/ticket.ts';
import { metadataView, statusView, summaryView } from '#shared/domain/views.ts';
import { certificateView, type CertificateRecord } from '#shared/domain/certificate.ts';
import { openapiDocument } from '#shared/openapi/document.ts';
import {
  acceptedExample,
  certificateKeptExample,
  certificateUploadExample,
  protocolNotReadyExample,
  ustvaKz83Mismatch,
  validationFailedExample,
  validationResultExamples,
} from '#shared/openapi/examples.ts';
import { certificate, envelope, errorEnvelope, ticketMetadata, ticketStatusView, ticketSummary, validationResult } from '#shared/openapi/schemas.ts';
import { uploadSchema } from '#shared/certificates/upload.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import { elsterTextPattern } from '#shared/tax/elster-charset.ts';
import { aTicket, apiEvent, context, deliveredFacts } from '#test/fakes.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

type Json = Record<string, any>;

const doc = openapiDocument() as Json;
const methods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.includes(key))
      .map((method) => ({ path, method: method.toUpperCase(), operation: item[method] as Json })),
  );

function* walk(value: unknown, at = ''): Generator<[string, Json]> {
  if (value === null || typeof value !== 'object') return;
  yield [at, value as Json];
  for (const [key, inner] of Object.entries(value)) yield* walk(inner, `${at}/${key}`);
}

const resolve = (ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);

/** The value as its schema reads it; equal to the value only when nothing in it is undocumented, since objects drop unknown keys. */
const asDocumented = (schema: z.ZodMiniType, value: unknown) => z.parse(schema, JSON.parse(JSON.stringify(value)));
const conforms = (schema: z.ZodMiniType, value: unknown) => expect(asDocumented(schema, value)).toEqual(JSON.parse(JSON.stringify(value)));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('resolves every reference within itself', () => {
    const refs = [...walk(doc)].map(([, node]) => node.$ref).filter((ref): ref is string => typeof ref === 'string');
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(resolve(ref), ref).toBeDefined();
  });

  it('documents exactly the routes of the API, with HEAD on every GET path', () => {
    const documented = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    const routed = servedRoutes(apis.api.routes)
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(documented).toEqual(routed);
    for (const { path, method } of operations()) if (method === 'GET') expect(doc.paths[path].head, path).toBeDefined();
  });

  it('gives every operation a unique ID, and asks for no key only on the public routes', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const open = operations()
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ method, path }) => `${method} ${path}`);
    expect(open.sort()).toEqual(['GET /v2/docs', 'GET /v2/openapi.json', 'GET /v2/version', 'HEAD /v2/docs', 'HEAD /v2/openapi.json', 'HEAD /v2/version']);
    expect(doc.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
  });

  it('holds every ticket path parameter to the ticket ID pattern', () => {
    const ticketPaths = Object.keys(doc.paths).filter((path) => path.includes('{ticket}'));
    expect(ticketPaths.sort()).toEqual([...new Set(servedRoutes(apis.api.routes).map(({ path }) => path))].filter((path) => path.includes('{ticket}')).sort());
    for (const path of ticketPaths) {
      const parameter = (doc.paths[path].parameters as Json[]).map((p) => (p.$ref ? resolve(p.$ref) : p) as Json).find((p) => p.in === 'path');
      expect(parameter).toMatchObject({ name: 'ticket', required: true, schema: { pattern: ticketIdPattern.source } });
      expect(parameter!.example).toMatch(ticketIdPattern);
    }
  });

  it('leaves no JSON Schema dialect or identity inside its components', () => {
    for (const [at, node] of walk(doc.components)) {
      expect(node, at).not.toHaveProperty('$schema');
      expect(node, at).not.toHaveProperty('$id');
    }
  });

  it('writes down the decisions the contract leaves open', () => {
    const info = doc.info.description as string;
    for (const decision of [
      ticketIdPattern.source,
      '^[A-Za-z0-9._:-]{1,128}$',
      'Accept',
      '409 `CONFLICT`',
      'LIVE_NOT_ALLOWED',
      '"734.50"',
      'null when the year itself is unusable',
    ]) {
      expect(info).toContain(decision);
    }
    expect(doc.components.parameters.IdempotencyKey.description).toContain('key order and whitespace do not matter');
    expect(doc.paths['/v2/protocol/{ticket}'].get.responses['200'].content).toHaveProperty('application/pdf');
    expect(doc.paths['/v2/protocol/{ticket}'].get.responses['409'].content['application/json'].schema.allOf[1].properties.error.properties.code.enum).toEqual([
      'PROTOCOL_NOT_READY',
      'CONFLICT',
    ]);
  });

  it("holds every text field to ELSTER's character set, and says so", () => {
    expect(doc.info.description).toContain('`TEXT_CHARSET`');
    const { UstvaSubmission: ustva, EstSubmission: est } = doc.components.schemas;
    for (const field of [
      ustva.properties.supplier.properties.name,
      ustva.properties.client_reference,
      est.properties.taxpayer.properties.last_name,
      est.properties.client_reference,
    ]) {
      expect(field.pattern).toBe(elsterTextPattern);
    }
  });

  it('names every Kennzahl of every year, with the limits the service applies, and no other key', () => {
    const { kennzahlen } = doc.components.schemas.UstvaSubmission.properties;
    const everyYear = ustvaFacts.years.flatMap((year) => [...ustvaForm(year)!.keys()].map((kz) => `kz${kz}`));
    expect(Object.keys(kennzahlen.properties).sort()).toEqual([...new Set([...everyYear, 'kz38'])].sort());
    expect(kennzahlen.additionalProperties).toBe(false);
    expect(kennzahlen.properties.kz81.anyOf).toEqual([
      { type: 'number', exclusiveMinimum: -1e13, exclusiveMaximum: 1e13, multipleOf: 1 },
      { type: 'string', pattern: '^-?\\d{1,13}$' },
    ]);
    expect(kennzahlen.properties.kz39.anyOf[0]).toEqual({ type: 'number', minimum: 0, exclusiveMaximum: 1e11 });
    expect(doc.components.schemas.EstSubmission.properties.employment.items.properties.gross_wage.anyOf[0]).toEqual({
      type: 'number',
      exclusiveMinimum: -1e12,
      exclusiveMaximum: 1e12,
    });
  });

  it('describes every field of every schema, nested ones too', () => {
    const schemas = doc.components.schemas as Record<string, Json>;
    const described = (field: Json): boolean =>
      typeof field.description === 'string' || (typeof field.$ref === 'string' && typeof schemas[field.$ref.split('/').at(-1)!]?.description === 'string');
    const undescribed: string[] = [];
    const walk = (schema: Json, path: string) => {
      for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(alternative, path);
      if (schema.items) walk(schema.items, path);
      for (const [name, field] of Object.entries<Json>(schema.properties ?? {})) {
        if (!described(field)) undescribed.push(`${path}${name}`);
        walk(field, `${path}${name}.`);
      }
    };
    for (const [name, schema] of Object.entries(schemas)) walk(schema, `${name}: `);
    expect(undescribed).toEqual([]);
  });

  it('answers HEAD with the headers of GET and no body', () => {
    const { get, head } = doc.paths['/v2/status/{ticket}'];
    expect(Object.keys(head.responses)).toEqual(Object.keys(get.responses));
    for (const answer of Object.values(head.responses as Json)) {
      expect(answer).not.toHaveProperty('content');
      expect(answer.headers).toHaveProperty('x-request-id');
    }
  });
});

describe('the examples', () => {
  // The filings' bodies; a certificate's example cannot carry a real container.
  const requestExamples = operations()
    .filter(({ path, operation }) => operation.requestBody && /^\/v2\/(ustva|est)/.test(path))
    .flatMap(({ path, operation }) =>
      Object.entries(operation.requestBody.content['application/json'].examples as Json).map(([name, example]) => ({
        kind: path.split('/')[2] as Kind,
        name: `${path} ${name}`,
        value: example.value as unknown,
      })),
    );

  it('come with every request body', () => {
    expect(requestExamples.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['/v2/ustva landNotation', '/v2/est firstReturn', '/v2/est/validate contract']),
    );
  });

  it.each(requestExamples)("$name passes the service's own checks", async ({ kind, value }) => {
    const checked = await (kind === 'ustva' ? checkUstva : checkEst)(value, checkContext());
    expect(checked.findings.filter((finding) => finding.severity !== 'hint')).toEqual([]);
    expect(checked.filing).toBeDefined();
  });

  it('show the findings the service gives for a kz83 that does not add up', async () => {
    const { findings } = await checkUstva(ustvaKz83Mismatch, checkContext());
    expect(findings).toEqual(validationFailedExample.error.details);
    expect(findings.map(({ code, expected }) => [code, expected])).toEqual([['KZ83_MISMATCH', '734.50']]);
    expect(validationResultExamples.invalid.value.data.findings).toEqual(findings.map((finding) => ({ ...finding, severity: 'error' })));
  });

  it('are answers in the documented shapes', () => {
    for (const example of [acceptedExample, ...Object.values(validationResultExamples).map(({ value }) => value)]) conforms(envelope, example);
    for (const example of [validationFailedExample, protocolNotReadyExample]) conforms(errorEnvelope, example);
    conforms(ticketSummary, acceptedExample.data);
    for (const { value } of Object.values(validationResultExamples)) conforms(validationResult, value.data);
    conforms(envelope, certificateKeptExample);
    conforms(certificate, certificateKeptExample.data);
    expect(z.safeParse(uploadSchema, certificateUploadExample).success).toBe(true);
  });
});

describe('the response schemas', () => {
  // Every optional field set, so an undocumented one would show.
  const full: Ticket = aTicket({
    status: 'failed',
    client_reference: 'INV-2026-03',
    certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA',
    certificate_subject: 'CN=Muster GmbH',
    attempts: 3,
    ...deliveredFacts,
    error: { code: 'REJECTED', message: 'Refused', details: [{ path: 'Kz83', code: 'X', message: 'm', rule: 'R1', severity: 'error' }] },
    webhook: {
      status: 'failed',
      attempts: 8,
      webhook_id: 'msg_x',
      last_attempt_at: '2026-11-22T10:01:30.000Z',
      last_response_status: 503,
      next_attempt_at: '2026-11-22T10:01:35.000Z',
      failure_reason: 'MAX_ATTEMPTS',
    },
  });

  it.each([
    ['summary', ticketSummary, summaryView],
    ['status', ticketStatusView, statusView],
    ['metadata', ticketMetadata, metadataView],
  ] as const)('describe every field of the %s view', (_, schema, view) => {
    conforms(schema, view(full));
    conforms(schema, view(aTicket()));
  });

  it("describe every field of a certificate's view, locked or not, and never its wrong PINs", () => {
    const sealed = { key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
    const record: CertificateRecord = {
      client_id: 'client-a',
      certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA',
      subject: 'CN=Muster GmbH',
      issuer: 'CN=ELSTER',
      serial: '01',
      not_before: '2026-01-01T00:00:00.000Z',
      not_after: '2028-01-01T00:00:00.000Z',
      fingerprint_sha256: 'ab'.repeat(32),
      pin_storage: 'per_submission',
      created_at: '2026-01-01T00:00:00.000Z',
      container: sealed,
      wrong_pins: { a: '2026-11-24T10:00:00.000Z' },
      locked_until: '2026-11-24T11:00:00.000Z',
    };
    const locked = certificateView(record, new Date('2026-11-24T10:30:00.000Z'));
    conforms(certificate, locked);
    expect(locked).toMatchObject({ locked_until: '2026-11-24T11:00:00.000Z' });
    expect(locked).not.toHaveProperty('wrong_pins');
    const unlocked = certificateView(record, new Date('2026-11-24T11:00:00.000Z'));
    conforms(certificate, unlocked);
    expect(unlocked).toMatchObject({ locked_until: null });
  });

  it('refuse what the views never give', () => {
    expect(() => asDocumented(ticketStatusView, { ...statusView(full), ticket: 'tk_short' })).toThrow();
    expect(asDocumented(ticketSummary, { ...summaryView(full), client_id: 'client-a' })).not.toHaveProperty('client_id');
  });
});

describe('GET /v2/openapi.json', () => {
  const call = (method: string, headers: Record<string, string> = {}) => handler(apiEvent(method, '/v2/openapi.json', { headers }), context());

  it('answers 200 with the document as the whole JSON body, outside the envelope', async () => {
    const response = await call('GET', { 'x-request-id': 'docs.fetch:1_a-B' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expect(response.headers['x-request-id']).toBe('docs.fetch:1_a-B');
    const body = Buffer.from(response.body ?? '', response.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
    expect(JSON.parse(body)).toEqual(doc);
  });

  it('answers HEAD with the same status and headers and no body', async () => {
    const [get, head] = await Promise.all([call('GET'), call('HEAD')]);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect({ ...head.headers, 'x-request-id': '' }).toEqual({ ...get.headers, 'x-request-id': '' });
  });

  it('builds the document once per container', () => {
    expect(openapiDocument()).toBe(doc);
  });
});
