// Named profiles, each a service's URL and an API key, in the user's config directory
// ($XDG_CONFIG_HOME/steuerbote/config.json, else ~/.config/steuerbote/config.json). The file holds
// keys: it is written readable by its owner only, and replaced whole so a crash leaves the old one.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './usage-error.ts';

export interface Profile {
  url?: string;
  api_key?: string;
}

export interface ProfileFile {
  profiles: Record<string, Profile>;
}

export function profileFile(env: NodeJS.ProcessEnv): string {
  const configHome = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(configHome, 'steuerbote', 'config.json');
}

const isProfile = (value: unknown): value is Profile =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).every(([name, field]) => (name === 'url' || name === 'api_key' ? typeof field === 'string' : true));

/** The profiles in `file`: none when there is no file; a file that cannot be read as profiles is told. */
export function readProfiles(file: string): ProfileFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const profiles = (parsed as Partial<ProfileFile> | null)?.profiles;
  if (typeof profiles !== 'object' || profiles === null || !Object.values(profiles).every(isProfile))
    throw new UsageError(`${file} should read {"profiles": {"<name>": {"url": "https://…", "api_key": "sbk_…"}}}`);
  return { ...(parsed as ProfileFile), profiles };
}

const profileName = /^[A-Za-z0-9][\w.-]{0,63}$/;

/** Stores `profile` under `name`, keeping the other profiles; the file and its folder only for their owner. */
export function saveProfile(file: string, name: string, profile: Profile): void {
  if (!profileName.test(name)) throw new UsageError(`--profile takes a name of letters, digits, ".", "_" and "-", not ${JSON.stringify(name)}`);
  const current = readProfiles(file);
  const next: ProfileFile = { ...current, profiles: { ...current.profiles, [name]: profile } };
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const written = `${file}.${process.pid}.tmp`;
  writeFileSync(written, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is masked by the umask: set it outright.
  chmodSync(written, 0o600);
  renameSync(written, file);
}
