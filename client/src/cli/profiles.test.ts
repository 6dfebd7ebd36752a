import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileFile, readProfiles, saveProfile } from './profiles.ts';

describe('profiles', () => {
  it('live in XDG_CONFIG_HOME, else in ~/.config', () => {
    expect(profileFile({ XDG_CONFIG_HOME: '/x', HOME: '/home/u' })).toBe('/x/steuerbote/config.json');
    expect(profileFile({ HOME: '/home/u' })).toBe('/home/u/.config/steuerbote/config.json');
  });

  it('are saved beside the others, readable by their owner only', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'steuerbote-profiles-')), 'steuerbote', 'config.json');
    expect(readProfiles(file)).toEqual({ profiles: {} });
    saveProfile(file, 'work', { url: 'https://a.example', api_key: 'sbk_a' });
    saveProfile(file, 'home', { url: 'https://b.example', api_key: 'sbk_b' });
    expect(JSON.parse(await readFile(file, 'utf8')).profiles).toEqual({
      work: { url: 'https://a.example', api_key: 'sbk_a' },
      home: { url: 'https://b.example', api_key: 'sbk_b' },
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(() => saveProfile(file, '../x', {})).toThrow('--profile takes a name');
  });

  it('tell a file that is not what they expect', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'steuerbote-profiles-')), 'config.json');
    await writeFile(file, '{"profiles": {"work": {"url": 3}}}');
    expect(() => readProfiles(file)).toThrow(`${file} should read {"profiles"`);
  });
});
