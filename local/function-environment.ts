// What Lambda would give one function as its environment: the variables of the resources and
// settings its manifest entry names, as the stack sets them (infra/stack.ts), and none of another's.

import {
  ericVariables,
  functions,
  queues,
  settingVariables,
  tables,
  type FunctionName,
  type FunctionSpec,
  type QueueName,
  type TableName,
} from '../shared/manifest.ts';
import { resourceEnv, settingNames } from '../shared/setting-names.ts';

/** Variables that only some functions are given; any other (AWS_*, NODE_*, the stage's name) every function gets. */
const apportioned = new Set<string>([
  ...Object.values(settingVariables).flat(),
  ...Object.values(ericVariables).flat(),
  settingNames.hookSecret,
  settingNames.hookSecretId,
  settingNames.sealingKeyId,
  settingNames.sealingKeyFile,
  ...(Object.keys(tables) as TableName[]).map(resourceEnv.table),
  ...(Object.keys(queues) as QueueName[]).flatMap((queue) => [resourceEnv.queue(queue), resourceEnv.deadLetterQueue(queue)]),
  resourceEnv.bucket,
  resourceEnv.bucketPrefix,
]);

/** The names of the apportioned variables a function is given. */
export function variablesOf(name: FunctionName): Set<string> {
  const spec: FunctionSpec = functions[name];
  return new Set<string>([
    // The queue it consumes, whose messages it postpones.
    ...(Object.keys(queues) as QueueName[]).filter((queue) => queues[queue].consumer === name).map(resourceEnv.queue),
    ...Object.keys(spec.tables ?? {}).map((table) => resourceEnv.table(table as TableName)),
    ...(spec.bucket ? [resourceEnv.bucket] : []),
    ...(spec.bucket?.receiver ? [resourceEnv.bucketPrefix] : []),
    ...(spec.sendsTo ?? []).map(resourceEnv.queue),
    ...(spec.deadLetters ?? []).map(resourceEnv.deadLetterQueue),
    ...(spec.settings ?? []).flatMap((setting) => settingVariables[setting]),
    ...(spec.loadsTaxAuthority ? ericVariables.library : []),
    ...(spec.secrets?.includes('stageCertificate') ? ericVariables.signing : []),
    ...(spec.secrets?.includes('webhookSigningKeys') ? [settingNames.hookSecret, settingNames.hookSecretId] : []),
    ...(spec.sealing?.length ? [settingNames.sealingKeyId, settingNames.sealingKeyFile] : []),
  ]);
}

const given = new Map((Object.keys(functions) as FunctionName[]).map((name) => [name, variablesOf(name)]));

/** Whether function `name` is given `variable`. */
export const sees = (name: FunctionName, variable: string): boolean => !apportioned.has(variable) || given.get(name)!.has(variable);

/** The part of `env` that function `name` sees. */
export function functionEnvironment(name: FunctionName, env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([variable]) => sees(name, variable)));
}
