// Per-client limits at the edge (`-c edgeLimitPerMinute=…`): a regional AWS WAF web ACL on the stage
// of the API's REST API (edge-api.ts), in the stage's own region, whose rate-based rules count each API
// key, each address without one, and every address in all. WAF sees every request the API receives,
// on its own domain, before API Gateway throttles or invokes anything; no other way leads to the
// functions. Why the edge is regional: docs/edge.md.
//
// Counted as a key is what the API takes as a key (shared/http/authenticate.ts) in the shape every key
// has (shared/domain/api-key.ts), spelled as the API reads it: `Bearer`, `bearer` and `Bearer  <key>`
// are one key. Anything else is no key and counts against its address. WAF takes no part of a header
// out of it, so a key sent as `Authorization: Bearer <key>` and the same key as `x-api-key: <key>` are
// two counts, each limited on its own (docs/edge.md, "What WAF cannot count").

import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { apiKeyShape } from '#shared/domain/api-key.ts';

/** WAF counts a rate-based rule over this window; a limit is per key (or address) and window. */
const windowSeconds = 60;

/** All requests of one address may come to this many keys' worth: offices send many clients' keys from one address. */
export const keysPerAddress = 10;

/** WAF's largest limit of a rate-based rule. */
const largestLimit = 2_000_000_000;

/** The envelope of shared/http/envelope.ts, as far as WAF can write it: it knows no request ID. */
const refusedBody = JSON.stringify({
  success: false,
  status: 429,
  message: 'Too many requests at the edge; wait a minute',
  data: null,
  api_version: 'v2',
  error: { code: 'RATE_LIMITED', details: [] },
});

/** How a header is read before it is matched or counted: white space run together, then lower case. */
const spelledAsTheApiReads: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'COMPRESS_WHITE_SPACE' },
  { priority: 1, type: 'LOWERCASE' },
];

/** A key of the shape every key has, lower-cased as the transformations leave it. */
const keyPattern = `${apiKeyShape.prefix}[${apiKeyShape.characters.replace('A-Z', '')}]{${apiKeyShape.length}}`;

const matches = (header: string, pattern: string): CfnWebACL.StatementProperty => ({
  regexMatchStatement: { fieldToMatch: { singleHeader: { Name: header } }, regexString: pattern, textTransformations: spelledAsTheApiReads },
});
/** A key the API reads from `Authorization: Bearer <key>`, the form it looks at first. */
const bearerKey = matches('authorization', `^bearer ${keyPattern}$`);
/** Any bearer token at all: the API reads it in place of `x-api-key`, key or not. */
const anyBearer = matches('authorization', '^bearer \\S+$');
/** A key the API reads from `x-api-key`: only where no bearer token comes first. */
const headerKey: CfnWebACL.StatementProperty = {
  andStatement: { statements: [matches('x-api-key', `^${keyPattern}$`), { notStatement: { statement: anyBearer } }] },
};
const withoutKey: CfnWebACL.StatementProperty = { notStatement: { statement: { orStatement: { statements: [bearerKey, headerKey] } } } };

const perHeader = (header: string): CfnWebACL.RateBasedStatementCustomKeyProperty[] => [
  { header: { name: header, textTransformations: spelledAsTheApiReads } },
];

/** The rules, each a rate-based count refused beyond its limit; `perMinute` is the limit of one key. */
export function edgeRules(perMinute: number): { name: string; statement: CfnWebACL.RateBasedStatementProperty }[] {
  const within = { evaluationWindowSec: windowSeconds };
  return [
    {
      name: 'PerKey',
      statement: { ...within, limit: perMinute, aggregateKeyType: 'CUSTOM_KEYS', customKeys: perHeader('authorization'), scopeDownStatement: bearerKey },
    },
    {
      name: 'PerKeyHeader',
      statement: { ...within, limit: perMinute, aggregateKeyType: 'CUSTOM_KEYS', customKeys: perHeader('x-api-key'), scopeDownStatement: headerKey },
    },
    { name: 'PerAddressWithoutKey', statement: { ...within, limit: perMinute, aggregateKeyType: 'IP', scopeDownStatement: withoutKey } },
    { name: 'PerAddress', statement: { ...within, limit: Math.min(largestLimit, keysPerAddress * perMinute), aggregateKeyType: 'IP' } },
  ];
}

export interface EdgeLimitsProps {
  readonly stage: string;
  /** Requests one API key (or, without one, one address) may make per minute. */
  readonly perMinute: number;
  /** The ARN of the API stage the web ACL guards. */
  readonly guards: string;
}

/** The stage's web ACL, attached to the API's stage. */
export class EdgeLimits extends Construct {
  constructor(scope: Construct, id: string, props: EdgeLimitsProps) {
    super(scope, id);
    // Metrics count what each rule refused; no request is sampled, since a sampled request keeps its headers, API keys among them, readable.
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: false, metricName });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: `steuerbote-${props.stage}-edge`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`steuerbote-${props.stage}-edge`),
      customResponseBodies: { refused: { contentType: 'APPLICATION_JSON', content: refusedBody } },
      rules: edgeRules(props.perMinute).map(({ name, statement }, priority) => ({
        name,
        priority,
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: 'refused',
              responseHeaders: [{ name: 'retry-after', value: String(windowSeconds) }],
            },
          },
        },
        visibilityConfig: visibility(`steuerbote-${props.stage}-${name}`),
        statement: { rateBasedStatement: statement },
      })),
    });
    new CfnWebACLAssociation(this, 'Guards', { resourceArn: props.guards, webAclArn: acl.attrArn });
  }
}
