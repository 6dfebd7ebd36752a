// The local stand-ins where they once fell short of what they stand in for.

import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns } from '#local/stand-ins.ts';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '#shared/adapters/s3-client.ts';
import { bucketName } from '#shared/config.ts';
import { filingStore } from '#shared/wiring/adapters.ts';
import { newDataDir, startService, type LocalService } from '#test/support/local-service.ts';

describe('the S3 stand-in', () => {
  let service: LocalService | undefined;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service?.stop());

  // S3 answers a listing 1,000 objects at a time; the next page is asked for with the token of the last.
  it('lists past its first page of 1,000 objects, and a runtime holding that many starts again', async () => {
    const tickets = Array.from({ length: 1_001 }, (_, i) => `tk_listing${String(i).padStart(12, '0')}`);
    for (let at = 0; at < tickets.length; at += 50) {
      await Promise.all(tickets.slice(at, at + 50).map((ticket) => filingStore().put(ticket, { ticket })));
    }
    const listed: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: 'submissions/', ContinuationToken }));
      for (const { Key } of page.Contents ?? []) listed.push(Key!.slice('submissions/'.length, -'.json'.length));
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
    expect(listed).toEqual(expect.arrayContaining(tickets));

    const dataDir = service!.dataDir;
    await service!.stop();
    service = await startService({ dataDir });
    expect((await service.call('GET', '/v2/version')).status).toBe(200);
  }, 120_000);
});

describe('the stand-ins', () => {
  const connects = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });

  it('tell a second runtime on the same data directory that another instance holds it', async () => {
    const first = await startService();
    try {
      await expect(startService({ dataDir: first.dataDir })).rejects.toThrow(`another instance holds the data directory ${first.dataDir}`);
    } finally {
      await first.stop();
    }
  }, 60_000);

  it('listen on loopback alone, so nothing else on the network reaches them', async () => {
    const standIns = await startStandIns(await newDataDir());
    try {
      // Another address of this machine, where one is there: a stand-in listening on every interface would answer on it.
      const elsewhere = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && !address.internal && address.family === 'IPv4')?.address;
      if (!elsewhere) console.log('the stand-ins: no address but loopback on this machine, so only their endpoints are checked');
      for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL_SQS']) {
        const { hostname, port } = new URL(standIns.env[name]!);
        expect(hostname, name).toBe('127.0.0.1');
        expect(await connects(hostname, Number(port)), name).toBe(true);
        if (elsewhere) expect(await connects(elsewhere, Number(port)), `${name} on ${elsewhere}`).toBe(false);
      }
    } finally {
      await standIns.stop();
    }
  });
});
