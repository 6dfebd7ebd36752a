// The API behind the edge limits (`-c edgeLimitPerMinute=…`): a regional REST API in the stage's own
// region, built from the manifest's routes as an OpenAPI definition, answering on the stage's own
// domain alone (TLS 1.2 or newer, the stage's certificate; its execute-api endpoint off) and guarded
// by the stage's web ACL (edge-limits.ts). TLS ends in the stage's region, so no request body is read
// outside it; why not CloudFront in front of the HTTP API: docs/edge.md.

import { Aws, CfnOutput, Stack } from 'aws-cdk-lib';
import { ApiDefinition, EndpointType, LogGroupLogDestination, SecurityPolicy, SpecRestApi, type StageOptions } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnPermission, type IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { accessLogFormat } from '#infra/constructs/access-log.ts';
import { EdgeLimits } from '#infra/constructs/edge-limits.ts';
import { suppress } from '#infra/nag.ts';
import { servedRoutes, type ApiSpec, type FunctionName } from '#shared/manifest.ts';

/** The stage of the REST API, hidden behind the domain, which maps its root to it. */
const edgeStageName = 'api';

export interface EdgeApiProps {
  readonly stage: string;
  readonly spec: ApiSpec;
  /** What a route invokes: the function or its alias (gradual-deployments.ts). */
  readonly targetFor: (name: FunctionName) => IFunction;
  /** The stage's own domain and its ACM certificate, in the stage's region. */
  readonly domain: { readonly name: string; readonly certificateArn: string };
  /** Requests one API key (or, without one, one address) may make per minute. */
  readonly perMinute: number;
  /** API Gateway's throttle of each route, over all clients. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  readonly accessLogs: ILogGroup;
}

export class EdgeApi extends Construct {
  readonly api: SpecRestApi;
  /** The base URL callers use: the stage's own domain, the only way in. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: EdgeApiProps) {
    super(scope, id);
    const targets = new Map<FunctionName, IFunction>();
    const targetOf = (name: FunctionName) => {
      let target = targets.get(name);
      if (!target) {
        target = props.targetFor(name);
        targets.set(name, target);
      }
      return target;
    };
    const definition = openApiDefinition(props.stage, props.spec, (name) => invocationUri(targetOf(name)));
    const deployOptions: StageOptions = {
      stageName: edgeStageName,
      accessLogDestination: new LogGroupLogDestination(props.accessLogs),
      accessLogFormat: accessLogFormat({ route: '$context.httpMethod $context.resourcePath', waf: '$context.wafResponseCode' }),
      // Caps each route, before any function runs, as the HTTP API's stage throttle does elsewhere.
      throttlingRateLimit: props.throttle.rateLimit,
      throttlingBurstLimit: props.throttle.burstLimit,
    };
    this.api = new SpecRestApi(this, 'Api', {
      restApiName: `steuerbote-${props.stage}-api`,
      description: `steuerbote ${props.stage}: the API behind the edge limits`,
      apiDefinition: ApiDefinition.fromInline(definition),
      endpointTypes: [EndpointType.REGIONAL],
      disableExecuteApiEndpoint: true,
      // Every request body reaches a function as it was sent (base64), and a PDF answer leaves as bytes.
      binaryMediaTypes: ['*/*'],
      deployOptions,
      // API Gateway writes a REST API's access log with the account's CloudWatch role; kept when the stage goes, as other stages may use it.
      cloudWatchRole: true,
      domainName: {
        domainName: props.domain.name,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        endpointType: EndpointType.REGIONAL,
        securityPolicy: SecurityPolicy.TLS_1_2,
      },
    });
    // A deployment publishes the definition as it was: a changed definition needs a deployment of its own.
    this.api.latestDeployment!.addToLogicalId(definition);
    // Here beside the API rather than beside each function: the definition names the functions, so
    // their stacks come first, and a permission there naming this API would wait for it in turn.
    const sourceArn = this.api.arnForExecuteApi('*', '/*', edgeStageName);
    for (const [name, target] of targets) {
      new CfnPermission(this, `${name}Invoke`, {
        action: 'lambda:InvokeFunction',
        functionName: target.functionArn,
        principal: 'apigateway.amazonaws.com',
        sourceArn,
      });
    }
    new EdgeLimits(this, 'Limits', { stage: props.stage, perMinute: props.perMinute, guards: this.api.deploymentStage.stageArn });
    this.url = `https://${props.domain.name}`;
    new CfnOutput(Stack.of(this), 'apiDomainTarget', {
      value: this.api.domainName!.domainNameAliasDomainName,
      description: `Where the DNS record of ${props.domain.name} points`,
    });

    suppress(
      this.api,
      'APIG2',
      "Every body is checked by its function, against the form's schema and its tax rules, with findings API Gateway's request validation could not give.",
    );
    suppress(
      this.api,
      'APIG6',
      'Execution logs would go to a log group API Gateway makes itself, kept for ever; the access log records every request with its status, ' +
        "WAF's verdict and any integration error, for a month.",
    );
    suppress(
      this.api,
      'IAM4',
      "API Gateway's own policy for writing access logs (service-role/AmazonAPIGatewayPushToCloudWatchLogs), on the role the account's API Gateway settings name.",
      ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs'],
    );
  }

  metricServerError(props?: MetricOptions) {
    return this.api.metricServerError(props);
  }
}

/** API Gateway's URI for invoking a function (or an alias) with the request as its event. */
const invocationUri = (target: IFunction) => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${target.functionArn}/invocations`;

/**
 * The manifest's routes as an OpenAPI definition with API Gateway's extensions: each route invokes its
 * function, and whatever no route takes (another method on a known path, an unknown path) the fallback,
 * which answers 405 or 404 as on the HTTP API.
 */
function openApiDefinition(stage: string, spec: ApiSpec, uriOf: (name: FunctionName) => string): object {
  const invoke = (name: FunctionName) => ({ 'x-amazon-apigateway-integration': { type: 'aws_proxy', httpMethod: 'POST', uri: uriOf(name) } });
  const parameters = (path: string) =>
    [...path.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const paths: Record<string, Record<string, unknown>> = {};
  const pathItem = (path: string) => {
    paths[path] ??= { parameters: parameters(path), 'x-amazon-apigateway-any-method': invoke(spec.fallback) };
    return paths[path];
  };
  for (const route of servedRoutes(spec.routes)) pathItem(route.path)[route.method.toLowerCase()] = invoke(route.function);
  pathItem('/');
  pathItem('/{proxy+}');
  return { openapi: '3.0.1', info: { title: `steuerbote-${stage}-api`, version: '2' }, paths };
}
