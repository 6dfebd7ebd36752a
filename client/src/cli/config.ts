// Where the service is and which key to use: a profile named by --profile, STEUERBOTE_URL and
// STEUERBOTE_API_KEY, the profile STEUERBOTE_PROFILE names (or the one called `default`), and on this
// machine what `npm start` keeps in its data directory (the API's URL in runtime.json, written once
// it listens, and the development key), so a local tour needs no setup whatever port it runs on.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { profileFile, readProfiles, type Profile } from './profiles.ts';
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

/** `text` as a URL the service can be at; `source` says where it came from when it is not one. */
export function checkedUrl(text: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`the URL ${source} is not a URL: ${JSON.stringify(text)}; set it to where the API answers, e.g. https://steuerbote.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`the URL ${source} must start with http:// or https://, not ${url.protocol}`);
  return url;
}

/** The profile asked for (by --profile, else STEUERBOTE_PROFILE), else `default` when there is one. */
function chosenProfile(env: NodeJS.ProcessEnv, flag: string | undefined): { name: string; profile: Profile; file: string } | undefined {
  const file = profileFile(env);
  const { profiles } = readProfiles(file);
  const asked = flag ?? env.STEUERBOTE_PROFILE;
  const name = asked ?? ('default' in profiles ? 'default' : undefined);
  if (name === undefined) return undefined;
  const profile = profiles[name];
  if (!profile) {
    const known = Object.keys(profiles);
    throw new UsageError(
      `no profile ${JSON.stringify(name)} in ${file}${known.length ? ` (profiles: ${known.join(', ')})` : ''}: add it with steuerbote login --profile ${name}`,
    );
  }
  return { name, profile, file };
}

/**
 * In this order: the profile --profile names; STEUERBOTE_URL and STEUERBOTE_API_KEY; the profile
 * STEUERBOTE_PROFILE names or `default`; the service npm start runs here; http://127.0.0.1:3000.
 */
export function configFrom(env: NodeJS.ProcessEnv, cwd: string, profileFlag?: string): Config {
  const chosen = chosenProfile(env, profileFlag);
  const fromProfile = chosen && `profile ${JSON.stringify(chosen.name)} in ${chosen.file}`;
  const first = profileFlag ? chosen?.profile : undefined;
  const dataDir = resolve(cwd, env.DATA_DIR || '.data');
  const runtimeFile = join(dataDir, 'runtime.json');
  const named =
    (first?.url && { url: first.url, source: `from ${fromProfile}` }) ||
    (env.STEUERBOTE_URL && { url: env.STEUERBOTE_URL, source: 'from STEUERBOTE_URL' }) ||
    (chosen?.profile.url && { url: chosen.profile.url, source: `from ${fromProfile}` });
  const running = named ? undefined : runningUrl(runtimeFile);
  const baseUrl = named ? named.url : running || defaultUrl;
  const urlSource = named ? named.source : running ? `from ${runtimeFile}` : `the default: no ${runtimeFile} names a running service`;
  const url = checkedUrl(baseUrl, urlSource);
  const located = { baseUrl, urlSource };
  if (first?.api_key) return { ...located, apiKey: first.api_key, keySource: fromProfile! };
  if (env.STEUERBOTE_API_KEY) return { ...located, apiKey: env.STEUERBOTE_API_KEY, keySource: 'STEUERBOTE_API_KEY' };
  if (chosen?.profile.api_key) return { ...located, apiKey: chosen.profile.api_key, keySource: fromProfile! };
  if (!localHosts.has(url.hostname)) return { ...located, apiKey: undefined, keySource: 'STEUERBOTE_API_KEY (not set)' };
  const keyFile = join(dataDir, 'dev-api-key');
  try {
    return { ...located, apiKey: readFileSync(keyFile, 'utf8').trim(), keySource: keyFile };
  } catch {
    return { ...located, apiKey: undefined, keySource: `STEUERBOTE_API_KEY (not set, and no ${keyFile})` };
  }
}
