// What a function a caller waits for may carry, without the AWS SDK: the goal of its bundle row in
// `npm run bench` (cold-start.ts) and the limit of test/infra/bundle-size.test.ts.
import { submitFunction, validateFunction, type FunctionName } from '#shared/manifest.ts';

const apiKb = 250;

// The income tax return's functions carry the field map of every Anlage they fill (2,275 fields of
// E10 in 2024), which grows with each one added (docs/forms/est-fields.md); every other form's
// code stays within the common budget.
const estKb = 400;

export const bundleBudgetKb = (name: FunctionName): number => (name === submitFunction('est') || name === validateFunction('est') ? estKb : apiKb);
