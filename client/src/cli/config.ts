// Where the service is and which key to use: STEUERBOTE_URL and STEUERBOTE_API_KEY, and on this machine
// the development key `npm start` keeps in its data directory, so a local tour needs no setup.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from './usage-error.ts';

export interface Config {
  baseUrl: string;
  apiKey: string | undefined;
  /** Where the key came from, for the message when the service refuses it. */
  keySource: string;
}

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function configFrom(env: NodeJS.ProcessEnv, cwd: string): Config {
  const baseUrl = env.STEUERBOTE_URL || 'http://127.0.0.1:3000';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`STEUERBOTE_URL is not a URL: ${JSON.stringify(baseUrl)}; set it to where the API answers, e.g. https://steuerbote.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`STEUERBOTE_URL must start with http:// or https://, not ${url.protocol}`);
  if (env.STEUERBOTE_API_KEY) return { baseUrl, apiKey: env.STEUERBOTE_API_KEY, keySource: 'STEUERBOTE_API_KEY' };
  if (!localHosts.has(url.hostname)) return { baseUrl, apiKey: undefined, keySource: 'STEUERBOTE_API_KEY (not set)' };
  const keyFile = resolve(cwd, join(env.DATA_DIR || '.data', 'dev-api-key'));
  try {
    return { baseUrl, apiKey: readFileSync(keyFile, 'utf8').trim(), keySource: keyFile };
  } catch {
    return { baseUrl, apiKey: undefined, keySource: `STEUERBOTE_API_KEY (not set, and no ${keyFile})` };
  }
}
