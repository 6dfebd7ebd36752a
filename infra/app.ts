// `cdk synth -c stage=<name>`: one stack per stage, with its nested stacks. See stageSettings for the other context keys.

import { App, Stack } from 'aws-cdk-lib';
import { addStageChecks } from '#infra/nag.ts';
import { SteuerboteStack } from '#infra/stack.ts';
import { stageSettings } from '#infra/stage-settings.ts';

const app = new App();
const settings = stageSettings(app);
new SteuerboteStack(app, `Steuerbote-${settings.stage}`, { settings });
// The stage's own stack, and with edge limits the one holding their web ACL in us-east-1.
for (const stack of app.node.children) if (Stack.isStack(stack)) addStageChecks(stack);
