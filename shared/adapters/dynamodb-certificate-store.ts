import { DeleteItemCommand, GetItemCommand, ScanCommand, type UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { conditionHeld } from '#shared/adapters/conditional-write.ts';
import { pagedItems } from '#shared/adapters/paged-items.ts';
import { newestFirst, pinCheckUnderWay, type CertificateRecord, type MailboxSchedule } from '#shared/domain/certificate.ts';
import type { Sealed } from '#shared/domain/sealed.ts';
import type { Needs } from '#shared/manifest.ts';
import type { CertificateKey, CertificateStore, DueCertificate, ExpiringCertificate } from '#shared/ports/certificate-store.ts';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';

// The one partition of the `checks_due` index: a certificate is in it, by its next check's time, while it has a mailbox schedule.
const scheduled = 'scheduled';

/** The index each query reads; what it does on the table, its commands say. */
export const needs = {
  dueForMailboxCheck: { indexes: { certificates: ['checks_due'] } },
} as const satisfies Partial<Record<keyof CertificateStore, Needs>>;

const recordOf = (item: Parameters<typeof unmarshall>[0]) => {
  const { scheduled_checks: _scheduled, ...record } = unmarshall(item);
  return record as CertificateRecord;
};

/** One partition per client, its certificates sorted by ID within it. */
export class DynamoCertificateStore extends DynamoTable implements CertificateStore {
  create(record: CertificateRecord): Promise<boolean> {
    const item = marshall({ ...record, ...(record.mailbox_checks && { scheduled_checks: scheduled }) }, { removeUndefinedValues: true });
    return this.putIf(item, 'attribute_not_exists(certificate_id)');
  }

  async get(clientId: string, certificateId: string): Promise<CertificateRecord | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: this.#key(clientId, certificateId), ConsistentRead: true }));
    return Item && recordOf(Item);
  }

  async list(clientId: string): Promise<CertificateRecord[]> {
    const records: CertificateRecord[] = [];
    const items = this.queryTable({ KeyConditionExpression: 'client_id = :client', ExpressionAttributeValues: marshall({ ':client': clientId }) });
    for await (const item of items) records.push(recordOf(item));
    return records.sort(newestFirst);
  }

  async delete(clientId: string, certificateId: string): Promise<boolean> {
    const deleted = await conditionHeld(() =>
      this.client.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: this.#key(clientId, certificateId),
          ConditionExpression: 'attribute_exists(certificate_id)',
        }),
      ),
    );
    return deleted.held;
  }

  // A nested path can only be set in a map that exists, and one expression cannot both make the map
  // and set inside it: the first check makes the map, on the condition that no concurrent one made it
  // first. Every write needs the certificate to exist, so a check never brings a deleted one back as a stub.
  async reservePinCheck(clientId: string, certificateId: string, note: string, at: string, limit: number, forget: readonly string[]): Promise<boolean> {
    const key = this.#key(clientId, certificateId);
    const names = Object.fromEntries(forget.map((old, i) => [`#old${i}`, old]));
    const paths = Object.keys(names).map((name) => `wrong_pins.${name}`);
    const remove = paths.length ? ` REMOVE ${paths.join(', ')}` : '';
    const intoMap = await this.updateIf(key, {
      UpdateExpression: `SET wrong_pins.#check = :at${remove}`,
      // The condition sees the map before the write: the notes it forgets are in `size`, so they are
      // allowed for, and each must still be there, or the count would take a concurrent forgetting for room.
      ConditionExpression: ['size(wrong_pins) < :room', ...paths.map((path) => `attribute_exists(${path})`)].join(' AND '),
      ExpressionAttributeNames: { '#check': pinCheckUnderWay(note), ...names },
      ExpressionAttributeValues: marshall({ ':at': at, ':room': limit + forget.length }),
    });
    if (intoMap.held) return true;
    const made = await this.updateIf(key, {
      UpdateExpression: 'SET wrong_pins = :first',
      ConditionExpression: 'attribute_exists(certificate_id) AND attribute_not_exists(wrong_pins)',
      ExpressionAttributeValues: marshall({ ':first': { [pinCheckUnderWay(note)]: at } }),
    });
    return made.held;
  }

  async releasePinCheck(clientId: string, certificateId: string, note: string): Promise<void> {
    // A check no longer noted has nothing to release: the condition only keeps the write from making a stub.
    await this.updateIf(this.#key(clientId, certificateId), {
      UpdateExpression: 'REMOVE wrong_pins.#check',
      ConditionExpression: 'attribute_exists(wrong_pins.#check)',
      ExpressionAttributeNames: { '#check': pinCheckUnderWay(note) },
    });
  }

  async confirmWrongPin(clientId: string, certificateId: string, note: string, at: string): Promise<Record<string, string> | undefined> {
    const written = await this.updateIf(this.#key(clientId, certificateId), {
      UpdateExpression: 'SET wrong_pins.#note = :at REMOVE wrong_pins.#check',
      ConditionExpression: 'attribute_exists(wrong_pins.#check)',
      ExpressionAttributeNames: { '#note': note, '#check': pinCheckUnderWay(note) },
      ExpressionAttributeValues: marshall({ ':at': at }),
      ReturnValues: 'ALL_NEW',
    });
    return written.held ? (unmarshall(written.value.Attributes!) as CertificateRecord).wrong_pins : undefined;
  }

  async lock(clientId: string, certificateId: string, until: string, now: string): Promise<boolean> {
    return this.#updatedIf(clientId, certificateId, {
      UpdateExpression: 'SET locked_until = :until',
      ConditionExpression: 'attribute_exists(certificate_id) AND (attribute_not_exists(locked_until) OR locked_until <= :now)',
      ExpressionAttributeValues: marshall({ ':until': until, ':now': now }),
    });
  }

  async reseal(clientId: string, certificateId: string, sealed: Pick<CertificateRecord, 'container' | 'pin'>, was: Sealed): Promise<boolean> {
    return this.#updatedIf(clientId, certificateId, {
      UpdateExpression: `SET container = :container${sealed.pin ? ', pin = :pin' : ''}`,
      // The wrapped data key tells one sealing from any other.
      ConditionExpression: 'container.#key = :was',
      ExpressionAttributeNames: { '#key': 'key' },
      ExpressionAttributeValues: marshall({ ':container': sealed.container, ':was': was.key, ...(sealed.pin && { ':pin': sealed.pin }) }),
    });
  }

  async *dueForMailboxCheck(now: string): AsyncIterable<DueCertificate> {
    const items = this.queryIndex('checks_due', {
      KeyConditionExpression: 'scheduled_checks = :scheduled AND next_check_at <= :now',
      ExpressionAttributeValues: marshall({ ':scheduled': scheduled, ':now': now }),
    });
    for await (const item of items) {
      const { client_id, certificate_id, next_check_at } = unmarshall(item);
      yield { client_id, certificate_id, next_check_at };
    }
  }

  async scheduleMailboxChecks(clientId: string, certificateId: string, schedule: MailboxSchedule | undefined, next?: string): Promise<boolean> {
    return this.#updatedIf(clientId, certificateId, {
      ConditionExpression: 'attribute_exists(certificate_id)',
      ...(schedule
        ? {
            UpdateExpression: 'SET mailbox_checks = :schedule, next_check_at = :next, scheduled_checks = :scheduled',
            ExpressionAttributeValues: marshall({ ':schedule': schedule, ':next': next, ':scheduled': scheduled }),
          }
        : { UpdateExpression: 'REMOVE mailbox_checks, next_check_at, scheduled_checks' }),
    });
  }

  async moveNextCheck(clientId: string, certificateId: string, due: string, next: string): Promise<boolean> {
    return this.#updatedIf(clientId, certificateId, {
      UpdateExpression: 'SET next_check_at = :next',
      ConditionExpression: 'next_check_at = :due',
      ExpressionAttributeValues: marshall({ ':due': due, ':next': next }),
    });
  }

  // A daily scan of a table that holds a few records per client; the projection leaves the sealed secrets where they are.
  async *expiringBefore(cutoff: string): AsyncIterable<ExpiringCertificate> {
    const items = pagedItems((ExclusiveStartKey) =>
      this.client.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'not_after < :cutoff',
          ProjectionExpression: 'client_id, certificate_id, not_after',
          ExpressionAttributeValues: marshall({ ':cutoff': cutoff }),
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) yield unmarshall(item) as ExpiringCertificate;
  }

  // The same daily scan, by the `version` a sealed secret carries (shared/domain/sealed.ts); only the keys of those without come back.
  async *sealedBeforeOwners(): AsyncIterable<CertificateKey> {
    const items = pagedItems((ExclusiveStartKey) =>
      this.client.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'attribute_not_exists(container.#version) OR (attribute_exists(pin) AND attribute_not_exists(pin.#version))',
          ProjectionExpression: 'client_id, certificate_id',
          ExpressionAttributeNames: { '#version': 'version' },
          ExclusiveStartKey,
        }),
      ),
    );
    for await (const item of items) yield unmarshall(item) as CertificateKey;
  }

  /** A conditional update of one client's certificate: whether its condition held. */
  async #updatedIf(clientId: string, certificateId: string, update: Omit<UpdateItemCommandInput, 'TableName' | 'Key'>): Promise<boolean> {
    return (await this.updateIf(this.#key(clientId, certificateId), update)).held;
  }

  #key(clientId: string, certificateId: string) {
    return marshall({ client_id: clientId, certificate_id: certificateId });
  }
}
