import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { functions, type FunctionSpec } from '../shared/manifest.ts';

/** As on Lambda, which gives a function 10 s unless its entry says otherwise (infra/constructs/steuerbote-function.ts). */
const defaultTimeoutSeconds = 10;

/**
 * The Lambda context a local invocation gets. Its remaining time counts down from the function's
 * timeout, so a job that spends a budget of time (shared/time-budget.ts) stops locally as on Lambda;
 * the local runtime ends no invocation when that time is up.
 */
export function lambdaContext(functionName: string): Context {
  const timeoutSeconds = (functions as Record<string, FunctionSpec>)[functionName]?.timeoutSeconds ?? defaultTimeoutSeconds;
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
