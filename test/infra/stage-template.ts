// A synthesized stage and the questions the infra tests ask of its template.

import path from 'node:path';
import { NestedStack, Stack, type App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { FunctionName } from '#shared/manifest.ts';
import type { SteuerboteStack } from '#infra/stack.ts';
import { stageStack } from '#test/infra/stage-app.ts';

export type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
type TemplateJson = {
  Resources: Record<string, Resource & { DependsOn?: string | string[] }>;
  Outputs?: Record<string, { Value: unknown }>;
  [key: string]: unknown;
};
export interface Stage {
  app: App;
  stack: SteuerboteStack;
  /** The stage's resources across its stacks as one template (`gathered`). */
  template: Template;
  resources: Record<string, Resource>;
  /** Each stack of the stage, the root first, with its own template. */
  stacks: { stack: Stack; template: TemplateJson }[];
}

/** `bundle` as in `stageStack`, `validate` as in `stageApp`. */
export function synth(context: Record<string, string>, options?: { bundle?: boolean; validate?: boolean }): Stage {
  const stack = stageStack(context, options);
  const stacks = [stack, ...nestedStacks(stack)].map((each) => ({ stack: each, template: Template.fromStack(each).toJSON() as TemplateJson }));
  const template = gathered(stacks);
  return { app: stack.node.root as App, stack, template: Template.fromJSON(template), resources: template.Resources, stacks };
}

/** The stacks nested in `stack`, and those nested in them. */
function nestedStacks(stack: Stack): NestedStack[] {
  const nested = stack.node.findAll().filter((each): each is NestedStack => NestedStack.isNestedStack(each) && each.nestedStackParent === stack);
  return nested.flatMap((each) => [each, ...nestedStacks(each)]);
}

/** The logical ID of a nested stack's resource in its parent. */
export const nestedStackId = (stack: NestedStack): string => stack.nestedStackParent!.resolve(stack.nestedStackResource!.logicalId);

/**
 * The resources of a root stack and its nested stacks as one template, the way a single stack would
 * hold them: a nested stack's parameter is replaced by the value its parent passes, and a parent's
 * reference to a nested stack's output by what the output names. The nested stacks' own resources
 * (AWS::CloudFormation::Stack) are left out; the outputs are the root's. A logical ID may be used once.
 */
function gathered(stacks: { stack: Stack; template: TemplateJson }[]): TemplateJson {
  const templateOf = new Map(stacks.map(({ stack, template }) => [stack, template]));
  const nestedById = (parent: Stack) =>
    new Map(
      stacks
        .map(({ stack }) => stack)
        .filter((each): each is NestedStack => NestedStack.isNestedStack(each) && each.nestedStackParent === parent)
        .map((each) => [nestedStackId(each), each]),
    );
  const resolve = (value: unknown, stack: Stack): unknown => {
    if (Array.isArray(value)) return value.map((each) => resolve(each, stack));
    if (typeof value !== 'object' || value === null) return value;
    const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    const parent = NestedStack.isNestedStack(stack) ? stack.nestedStackParent! : undefined;
    if (typeof ref === 'string' && parent && ref in ((templateOf.get(stack)!.Parameters as object | undefined) ?? {})) {
      const passed = templateOf.get(parent)!.Resources[nestedStackId(stack as NestedStack)]!.Properties.Parameters;
      return resolve(passed[ref], parent);
    }
    const nested = getAtt && getAtt[1].startsWith('Outputs.') ? nestedById(stack).get(getAtt[0]) : undefined;
    if (nested) return resolve(templateOf.get(nested)!.Outputs![getAtt![1].slice('Outputs.'.length)]!.Value, nested);
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, resolve(each, stack)]));
  };
  const resources: TemplateJson['Resources'] = {};
  for (const { stack, template } of stacks) {
    const nested = nestedById(stack);
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (nested.has(id)) continue;
      if (id in resources) throw new Error(`Logical ID ${id} is used in two stacks of the stage`);
      const { DependsOn: dependsOn, ...rest } = resolve(resource, stack) as TemplateJson['Resources'][string];
      const kept = [dependsOn ?? []].flat().filter((other) => !nested.has(other));
      resources[id] = kept.length ? { ...rest, DependsOn: kept } : rest;
    }
  }
  const [root] = stacks;
  return { ...root!.template, Resources: resources, Outputs: resolve(root!.template.Outputs, root!.stack) as TemplateJson['Outputs'] };
}

export const ref = (id: string) => ({ Ref: id });
export const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
/** A function's logical ID, in whichever stack of the stage holds it. */
export const idOf = (stage: Stage, name: FunctionName) => {
  const element = stage.stack.functions.get(name)!.node.defaultChild as CfnElement;
  return Stack.of(element).getLogicalId(element);
};
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
