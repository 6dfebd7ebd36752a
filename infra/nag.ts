// cdk-nag's AwsSolutions rules over a stage, in `cdk synth` and in `npm test`. A finding is fixed
// where the resource is built or, where the rule does not fit, suppressed on that resource alone
// with the reason it is safe, so a new resource of the same kind is checked afresh.

import { Aspects, Stack, type CfnElement } from 'aws-cdk-lib';
import type { HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { AwsSolutionsChecks, NagSuppressions } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { functions, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';

export function addStageChecks(stack: Stack): void {
  Aspects.of(stack).add(new AwsSolutionsChecks({ verbose: true }));
}

/**
 * Suppresses rule `AwsSolutions-<rule>` on `construct` and the resources it is made of; `appliesTo`
 * narrows a granular rule (IAM4, IAM5) to the findings named, e.g. `Action::kms:ReEncrypt*`.
 */
export function suppress(construct: IConstruct, rule: string, reason: string, appliesTo?: string[]): void {
  NagSuppressions.addResourceSuppressions(construct, [{ id: `AwsSolutions-${rule}`, reason, appliesTo }], true);
}

/** A resource's ARN as cdk-nag writes it in a finding, e.g. `<Bucket83908E77.Arn>`. */
export function nagArn(resource: IConstruct): string {
  return `<${Stack.of(resource).resolve((resource.node.defaultChild as CfnElement).logicalId)}.Arn>`;
}

const authenticated =
  'API keys are checked by the function, not by an authorizer: it runs the shared authenticate middleware ' +
  "(shared/http/authenticate.ts) before its handler and answers 401 unless the bearer key's SHA-256 is an unrevoked " +
  'entry of the API keys table, whose client then bounds every ticket it can see. An authorizer would repeat that lookup.';
const answersNothing = 'its role reaches no table, bucket or queue, so there is nothing to protect behind it.';
const fallback = `The $default route answers whatever no route matches with the service's 404 or 405, and ${answersNothing}`;

/** The routes that answer without an API key, by contract, and why that is safe. */
const publicRoutes: Partial<Record<FunctionName, string>> = {
  getVersion:
    'Public by the API contract (GET /v2/version needs no key): it tells service and API versions, the tax authority ' +
    `and the supported Datenart versions, and ${answersNothing}`,
  getOpenapi:
    'Public by the API contract (GET /v2/openapi.json needs no key): it serves the OpenAPI document of the API, the same ' +
    `for every caller, and ${answersNothing}`,
  getDocs:
    'Public by the API contract (GET /v2/docs needs no key): it serves the same OpenAPI document as an HTML page, the ' +
    `same for every caller, and ${answersNothing}`,
  notFound: fallback,
  receiverNotFound: fallback,
  receiverEndpoint:
    "The example receiver's webhook endpoint, on non-production stages only, is called by the webhook sender, which " +
    'holds no API key: with a webhook secret (hookSecretName) it refuses any delivery without a valid Standard Webhooks ' +
    'signature over the body (receiver/verify-signature.ts), which no authorizer can check; without one it is ' +
    'open by design, an example to try by hand. Either way it can only put PDFs of at most 1 MiB below receiver/.',
};

/**
 * Says why a route needs no API Gateway authorizer (AwsSolutions-APIG4); a route that neither
 * authenticates nor is public by contract stays a finding, which fails the synth.
 */
export function vouchForAuthorization(route: HttpRoute, fn: FunctionName): void {
  // A function is given the API keys table exactly to authenticate its callers.
  const reason = (functions[fn] as FunctionSpec).tables?.apiKeys ? authenticated : publicRoutes[fn];
  if (reason) suppress(route, 'APIG4', reason);
}
