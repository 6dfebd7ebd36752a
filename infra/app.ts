// `cdk synth -c stage=<name>`: one stack per stage. See stageSettings for the other context keys.

import { App } from 'aws-cdk-lib';
import { addStageChecks } from '#infra/nag.ts';
import { SteuerboteStack } from '#infra/stack.ts';
import { stageSettings } from '#infra/stage-settings.ts';

const app = new App();
const settings = stageSettings(app);
addStageChecks(new SteuerboteStack(app, `Steuerbote-${settings.stage}`, { settings }));
