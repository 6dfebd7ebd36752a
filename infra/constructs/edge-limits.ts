// Per-client limits at the edge (`-c edgeLimitPerMinute=…`): CloudFront in front of the HTTP API,
// with an AWS WAF web ACL whose rate-based rules count each API key on its own. HTTP APIs have no
// usage plans and WAF cannot attach to them, so the edge is CloudFront; a REST API with usage plans
// would need every API key registered with API Gateway as well as in the API keys table.
//
// WAF refuses a key over its limit before CloudFront forwards the request, so a flood from one
// client neither reaches the functions nor spends the HTTP API's throttle, which is shared by all
// clients (per route). A web ACL for CloudFront exists only in us-east-1, so it lives in a stack of
// its own there, referenced across regions.

import { CfnOutput, Duration, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { AllowedMethods, CachePolicy, Distribution, OriginRequestPolicy, PriceClass, ViewerProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { suppress } from '#infra/nag.ts';

/** WAF counts a rate-based rule over this window; the limit is per key and window. */
const windowSeconds = 60;

/** The envelope of shared/http/envelope.ts, as far as WAF can write it: it knows no request ID and sets no Retry-After. */
const refusedBody = JSON.stringify({
  success: false,
  status: 429,
  message: 'Too many requests with this API key at the edge; wait a minute',
  data: null,
  api_version: 'v2',
  error: { code: 'RATE_LIMITED', details: [] },
});

/** How a request is counted: by one of the two headers the API takes a key from (shared/http/authenticate.ts), or by address without one. */
const counted: { name: string; keys: CfnWebACL.RateBasedStatementCustomKeyProperty[] | undefined; aggregateKeyType: 'CUSTOM_KEYS' | 'IP' }[] = [
  {
    name: 'PerAuthorizationHeader',
    aggregateKeyType: 'CUSTOM_KEYS',
    keys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
  },
  { name: 'PerApiKeyHeader', aggregateKeyType: 'CUSTOM_KEYS', keys: [{ header: { name: 'x-api-key', textTransformations: [{ priority: 0, type: 'NONE' }] } }] },
  { name: 'PerAddress', aggregateKeyType: 'IP', keys: undefined },
];

export interface EdgeAclStackProps extends StackProps {
  readonly stage: string;
  /** Requests one API key (or, without a key, one address) may make per minute. */
  readonly perMinute: number;
}

/** The stage's web ACL, in us-east-1 as CloudFront requires. */
export class EdgeAclStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeAclStackProps) {
    const { stage, perMinute, ...stackProps } = props;
    super(scope, id, { description: `steuerbote ${stage}: per-client limits at the edge`, ...stackProps });
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: `steuerbote-${stage}-edge`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`steuerbote-${stage}-edge`),
      customResponseBodies: { refused: { contentType: 'APPLICATION_JSON', content: refusedBody } },
      rules: counted.map(({ name, keys, aggregateKeyType }, priority) => ({
        name,
        priority,
        action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'refused' } } },
        visibilityConfig: visibility(`steuerbote-${stage}-${name}`),
        statement: {
          rateBasedStatement: {
            limit: perMinute,
            evaluationWindowSec: windowSeconds,
            aggregateKeyType,
            customKeys: keys,
            // A request with a key is counted by its key alone, not by its address too.
            ...(aggregateKeyType === 'IP' && { scopeDownStatement: withoutKey }),
          },
        },
      })),
    });
    this.webAclArn = acl.attrArn;
  }
}

const headerPresent = (name: string): CfnWebACL.StatementProperty => ({
  sizeConstraintStatement: {
    fieldToMatch: { singleHeader: { Name: name } },
    comparisonOperator: 'GT',
    size: 0,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});
const withoutKey: CfnWebACL.StatementProperty = {
  notStatement: { statement: { orStatement: { statements: [headerPresent('authorization'), headerPresent('x-api-key')] } } },
};

export interface EdgeLimitsProps {
  readonly stage: string;
  readonly httpApi: HttpApi;
  readonly perMinute: number;
}

/** CloudFront in front of the API, guarded by the stage's web ACL; its URL is the output `apiEdgeUrl`. */
export class EdgeLimits extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: EdgeLimitsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const acl = new EdgeAclStack(stack.node.scope as Construct, `${stack.stackName}-edge`, {
      stage: props.stage,
      perMinute: props.perMinute,
      // In the stage's account, where the stage names it: a reference across regions needs both stacks' account alike.
      env: { region: 'us-east-1', ...(!Token.isUnresolved(stack.account) && { account: stack.account }) },
      crossRegionReferences: true,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `steuerbote ${props.stage}: the API with per-client limits`,
      webAclId: acl.webAclArn,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: new HttpOrigin(`${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, { readTimeout: Duration.seconds(30) }),
        allowedMethods: AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        // Every answer is for one caller: nothing is cached, and with caching off CloudFront forwards
        // the Authorization header with the rest of the viewer's headers.
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      },
    });
    suppress(this.distribution, 'CFR1', 'Callers are tax advisers and businesses anywhere; the API keys, not the country, decide who may call.');
    suppress(
      this.distribution,
      'CFR3',
      "The API stage's access log already records every request that passes the edge, and WAF's metrics and sampled requests those it refuses.",
    );
    suppress(
      this.distribution,
      'CFR4',
      "The distribution's default domain and certificate serve TLS 1.2 to every current client; a custom domain on the edge is not offered.",
    );
    new CfnOutput(stack, 'apiEdgeUrl', {
      value: `https://${this.distribution.distributionDomainName}`,
      description: 'Base URL of the API behind the edge limits',
    });
  }
}
