// A synthesized stage and the questions the infra tests ask of its template.

import path from 'node:path';
import type { App, CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { FunctionName } from '#shared/manifest.ts';
import type { SteuerboteStack } from '#infra/stack.ts';
import { stageStack } from '#test/infra/stage-app.ts';

export type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
export interface Stage {
  app: App;
  stack: SteuerboteStack;
  template: Template;
  resources: Record<string, Resource>;
}

/** `bundle: false` skips esbuild, for tests that need no function code. */
export function synth(context: Record<string, string>, options?: { bundle?: boolean }): Stage {
  const stack = stageStack(context, options);
  const template = Template.fromStack(stack);
  return { app: stack.node.root as App, stack, template, resources: template.toJSON().Resources };
}

export const ref = (id: string) => ({ Ref: id });
export const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
export const idOf = (stage: Stage, name: FunctionName) => stage.stack.getLogicalId(stage.stack.functions.get(name)!.node.defaultChild as CfnElement);
export const fnProps = (stage: Stage, name: FunctionName) => stage.resources[idOf(stage, name)]!.Properties;
export const ofType = (stage: Stage, type: string) => Object.entries(stage.resources).filter(([, r]) => r.Type === type);

/** The functions the stack built (the bucket's auto-delete helper is not one). */
export const serviceFunctions = (stage: Stage) =>
  ofType(stage, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'steuerbote');

/** Every statement of the policies attached to a function's role. */
export function statements(stage: Stage, name: FunctionName): { Action: string | string[]; Resource: unknown; Effect: string; Condition?: unknown }[] {
  const role = fnProps(stage, name).Role['Fn::GetAtt'][0];
  return ofType(stage, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((r: unknown) => JSON.stringify(r) === JSON.stringify(ref(role))))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}
export const actions = (stage: Stage, name: FunctionName) => statements(stage, name).flatMap((s) => [s.Action].flat());

/** The folder a bundled function's code was staged in, as Lambda will unpack it. */
export function bundleDir(stage: Stage, name: FunctionName): string {
  const zip: string = fnProps(stage, name).Code.S3Key;
  return path.join(stage.app.outdir, `asset.${zip.replace(/\.zip$/, '')}`);
}
