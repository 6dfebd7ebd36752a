// Where the service is and which key to use: STEUERBOTE_URL and STEUERBOTE_API_KEY, and on this machine
// what `npm start` keeps in its data directory (the API's URL in runtime.json, written once it listens,
// and the development key), so a local tour needs no setup whatever port it runs on.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from './usage-error.ts';

export interface Config {
  baseUrl: string;
  /** Where the URL came from, for the message when nothing answers there. */
  urlSource: string;
  apiKey: string | undefined;
  /** Where the key came from, for the message when the service refuses it. */
  keySource: string;
}

export const defaultUrl = 'http://127.0.0.1:3000';

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URL a running `npm start` wrote into its runtime file (shared/runtime-file.ts), if one is running there. */
function runningUrl(runtimeFile: string): string | undefined {
  try {
    const url: unknown = JSON.parse(readFileSync(runtimeFile, 'utf8')).STEUERBOTE_URL;
    return typeof url === 'string' && url ? url : undefined;
  } catch {
    return undefined;
  }
}

export function configFrom(env: NodeJS.ProcessEnv, cwd: string): Config {
  const dataDir = resolve(cwd, env.DATA_DIR || '.data');
  const runtimeFile = join(dataDir, 'runtime.json');
  const running = env.STEUERBOTE_URL ? undefined : runningUrl(runtimeFile);
  const baseUrl = env.STEUERBOTE_URL || running || defaultUrl;
  const urlSource = env.STEUERBOTE_URL ? 'from STEUERBOTE_URL' : running ? `from ${runtimeFile}` : `the default: no ${runtimeFile} names a running service`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`STEUERBOTE_URL is not a URL: ${JSON.stringify(baseUrl)}; set it to where the API answers, e.g. https://steuerbote.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`STEUERBOTE_URL must start with http:// or https://, not ${url.protocol}`);
  const located = { baseUrl, urlSource };
  if (env.STEUERBOTE_API_KEY) return { ...located, apiKey: env.STEUERBOTE_API_KEY, keySource: 'STEUERBOTE_API_KEY' };
  if (!localHosts.has(url.hostname)) return { ...located, apiKey: undefined, keySource: 'STEUERBOTE_API_KEY (not set)' };
  const keyFile = join(dataDir, 'dev-api-key');
  try {
    return { ...located, apiKey: readFileSync(keyFile, 'utf8').trim(), keySource: keyFile };
  } catch {
    return { ...located, apiKey: undefined, keySource: `STEUERBOTE_API_KEY (not set, and no ${keyFile})` };
  }
}
