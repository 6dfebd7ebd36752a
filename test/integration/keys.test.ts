// `npm run keys` against a running local runtime, as an operator would use it: keys it creates work
// over HTTP for their own client only, `list` never shows a key or its hash, `revoke` shuts a key
// out, and bad input changes nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '#shared/domain/api-key.ts';
import { newDataDir, startService, type LocalService } from '#test/support/local-service.ts';
import { runOperatorCommand } from '#test/support/operator-command.ts';
import { ustvaSample } from '#test/support/samples.ts';

// Every call starts the command in a node process of its own: a second alone, many on two cores shared
// with other work, and a test makes up to eight such calls.
describe('npm run keys', { timeout: 180_000 }, () => {
  let service: LocalService;
  const keys = (...args: string[]) => runOperatorCommand('keys', service.dataDir, args);

  /** Creates a key for the client; answers the key and its key_id as the command printed them. */
  async function create(clientId: string): Promise<{ key: string; keyId: string; output: string }> {
    const { code, output } = await keys('create', clientId);
    expect(code).toBe(0);
    const key = /^\s*api_key\s+(sbk_\S+)$/m.exec(output)?.[1];
    const keyId = /^\s*key_id\s+(key_[0-9a-f]{12})$/m.exec(output)?.[1];
    expect(key && keyId).toBeTruthy();
    return { key: key!, keyId: keyId!, output };
  }

  /** The rows `list` printed, by key_id. */
  async function listed(): Promise<{ output: string; rows: Map<string, string[]> }> {
    const { code, output } = await keys('list');
    expect(code).toBe(0);
    const [header, ...lines] = output.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['key_id', 'client_id', 'created_at', 'revoked_at']);
    return { output, rows: new Map(lines.map((line) => [line.split(/\s+/)[0]!, line.split(/\s+/)])) };
  }

  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('creates a key that works over HTTP for its own client only, and shows it once', async () => {
    const { key, keyId, output } = await create('acme-gmbh');
    expect(output).toContain('client acme-gmbh on the local runtime');
    expect(output).toMatch(/cannot be shown again/);

    const submitted = await service.submit('ustva', ustvaSample(), key);
    expect(submitted.status).toBe(202);
    const ticket = submitted.json.data.ticket;
    expect((await service.call('GET', `/v2/ticket/${ticket}`, { key })).status).toBe(200);
    // The development key belongs to another client.
    expect((await service.call('GET', `/v2/ticket/${ticket}`)).status).toBe(404);

    const list = await listed();
    expect(list.rows.get(keyId)).toEqual([keyId, 'acme-gmbh', expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/), '-']);
    expect(list.output).not.toContain(key);
    expect(list.output).not.toContain(hashApiKey(key));
  });

  it('revokes a key, which is then refused; revoking again is harmless', async () => {
    // Never used before the revocation, so no running function has it cached.
    const { key, keyId } = await create('revoked-client');
    const revoked = await keys('revoke', keyId);
    expect(revoked.code).toBe(0);
    expect(revoked.output).toMatch(new RegExp(`^Revoked ${keyId} of client revoked-client on the local runtime\\. It stops working within 30 seconds`));
    const refused = await service.submit('ustva', ustvaSample(), key);
    expect(refused.status).toBe(401);

    const revokedAt = (await listed()).rows.get(keyId)?.[3];
    expect(revokedAt).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);

    const again = await keys('revoke', keyId);
    expect(again.code).toBe(0);
    expect(again.output.trim()).toBe(`${keyId} of client revoked-client was already revoked at ${revokedAt} on the local runtime; nothing changed.`);
    expect((await listed()).rows.get(keyId)?.[3]).toBe(revokedAt);
  });

  it('refuses a bad client_id or key_id with one line and exit code 2, creating nothing', async () => {
    const before = (await listed()).output;
    for (const args of [['create', 'Acme GmbH'], ['create', '-acme'], ['create', 'a'.repeat(65)], ['revoke', 'key_XYZ'], ['create'], ['rotate', 'x']]) {
      const { code, output } = await keys(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(output).toMatch(/^keys: [^\n]+\n$/);
    }
    expect((await listed()).output).toBe(before);
  });

  it('says so when no key has the key_id', async () => {
    const { code, output } = await keys('revoke', 'key_000000000000');
    expect(code).toBe(1);
    expect(output).toBe('keys: no key key_000000000000 on the local runtime\n');
  });

  it('fails with one clear line when the local runtime is not running', async () => {
    const { code, output } = await runOperatorCommand('keys', await newDataDir(), ['list']);
    expect(code).toBe(1);
    expect(output).toMatch(
      /^keys: the local runtime is not running \(no [^\n]+runtime\.json\): start it with npm start, or name a deployed stage with --stage\n$/,
    );
  });
});
