// Where an operator command acts: the local runtime that `npm start` is running, or a deployed
// stage (`--stage s`), whose resources the stack's outputs name. Either way the command then uses
// the same adapters as the functions, configured through the same environment variables.

import { readFile } from 'node:fs/promises';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { runtimeFile } from '#shared/runtime-file.ts';
import { resetAll } from '#shared/once.ts';
import { stackOutputs } from '#shared/manifest.ts';
import { settingNames } from '#shared/setting-names.ts';

/** A command line that cannot be carried out as written; commands exit with 2 for it. */
export class UsageError extends Error {}

/** Takes `--stage s` out of the arguments, so a command can check the rest before it reaches any target. */
export function stageOption(args: string[]): { args: string[]; stage?: string } {
  const at = args.indexOf('--stage');
  if (at === -1) return { args };
  const stage = args[at + 1];
  if (!stage || stage.startsWith('-')) throw new UsageError('--stage needs a stage name');
  return { args: args.filter((_, i) => i !== at && i !== at + 1), stage };
}

/** Points the adapters at the stage, or else at the local runtime; answers the target's name for messages. */
export async function useTarget(stage: string | undefined): Promise<string> {
  Object.assign(process.env, stage ? await stageEnv(stage) : await localEnv());
  resetAll();
  return stage ? `stage ${stage}` : 'the local runtime';
}

async function localEnv(): Promise<Record<string, string>> {
  const dataDir = process.env[settingNames.dataDir] ?? '.data';
  try {
    return JSON.parse(await readFile(runtimeFile(dataDir), 'utf8'));
  } catch {
    throw new Error(`the local runtime is not running (no ${runtimeFile(dataDir)}): start it with npm start, or name a deployed stage with --stage`);
  }
}

async function stageEnv(stage: string): Promise<Record<string, string>> {
  const client = new CloudFormationClient({});
  const { Stacks = [] } = await client.send(new DescribeStacksCommand({ StackName: `Steuerbote-${stage}` }));
  const names: Record<string, string> = stackOutputs();
  const env: Record<string, string> = {};
  for (const output of Stacks[0]?.Outputs ?? []) {
    const variable = output.OutputKey && names[output.OutputKey];
    if (variable && output.OutputValue) env[variable] = output.OutputValue;
  }
  return env;
}
