// A route's Lambda integration, and API Gateway's permission to invoke for that route, built in the
// stack of the function they invoke, while the route stays with its API. A route key may exist once
// per API, and a route moved to another stack would be created there before CloudFormation deleted it
// here, so routes stay where they are; what they invoke moves with the function (docs/architecture.md,
// "How a stage is split").

import { Stack } from 'aws-cdk-lib';
import { PayloadFormatVersion, type HttpRouteIntegrationBindOptions } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export class FunctionIntegration extends HttpLambdaIntegration {
  readonly #stack: Stack;

  constructor(id: string, handler: IFunction) {
    // The handlers read API Gateway's 2.0 event format.
    super(id, handler, { payloadFormatVersion: PayloadFormatVersion.VERSION_2_0 });
    this.#stack = Stack.of(handler);
  }

  /**
   * Binds as HttpLambdaIntegration does, in the function's stack under the path the route has in its
   * own (`apiApi/POST--v2--ustva/…`), so the logical IDs are those a single stack gives them.
   */
  override _bindToRoute(options: HttpRouteIntegrationBindOptions): { readonly integrationId: string } {
    const scope = [options.route.httpApi.node.id, options.route.node.id].reduce<Construct>(
      (parent, id) => (parent.node.tryFindChild(id) as Construct | undefined) ?? new Construct(parent, id),
      this.#stack,
    );
    return super._bindToRoute({ ...options, scope });
  }
}
