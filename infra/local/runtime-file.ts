import { join } from 'node:path';

/** Where a running local runtime writes its settings, for the operator commands to find it. */
export const runtimeFile = (dataDir: string) => join(dataDir, 'runtime.json');
