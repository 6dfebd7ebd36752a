// `steuerbote login [--profile NAME] [--url URL]`: keeps an API key for a service in a profile, once the
// service has taken it. The key is read from stdin or typed without echo, and never printed.
import type { Steuerbote } from '../client.ts';
import { SteuerboteError } from '../errors.ts';
import { promptSecret } from './pin.ts';
import { saveProfile } from './profiles.ts';
import { readStdin } from './read-input.ts';
import { UsageError } from './usage-error.ts';

export interface LoginRequest {
  profile: string;
  url: string;
  file: string;
}

/** The key typed in a terminal, else all of stdin (`steuerbote login < key.txt`). */
export async function readKey(url: string, input: NodeJS.ReadStream | undefined, output: NodeJS.WriteStream): Promise<string> {
  if (input?.isTTY) return promptSecret(`API key for ${url}: `, 'API key', input, output);
  const key = (await readStdin(input)).trim();
  if (!key) throw new UsageError('no API key: type it in a terminal, or pipe it in: steuerbote login < key.txt');
  return key;
}

export async function login(client: Steuerbote, request: LoginRequest, key: string, stderr: NodeJS.WritableStream): Promise<number> {
  // One cheap authenticated call: a key the service refuses is told (exit 2) and not kept.
  try {
    await client.tickets({ limit: 1 });
  } catch (error) {
    if (error instanceof SteuerboteError && (error.status === 401 || error.status === 403))
      throw new UsageError(`the service at ${request.url} refused this key (${error.code}): nothing kept`);
    throw error;
  }
  saveProfile(request.file, request.profile, { url: request.url, api_key: key });
  stderr.write(`logged in to ${request.url}: profile ${JSON.stringify(request.profile)} kept in ${request.file}\n`);
  return 0;
}
