import { join } from 'node:path';

/**
 * Where a running local runtime writes its settings, for the operator commands to find it, and the
 * `steuerbote` command (client/src/cli/config.ts) its API under `apiUrlSetting`.
 */
export const runtimeFile = (dataDir: string) => join(dataDir, 'runtime.json');

/** The API's URL in the runtime file, named as the command's own setting, once the gateway listens. */
export const apiUrlSetting = 'STEUERBOTE_URL';
