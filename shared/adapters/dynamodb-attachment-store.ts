import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { DynamoTable } from '#shared/adapters/dynamo-table.ts';
import type { Attachment } from '#shared/domain/attachment.ts';
import type { AttachmentStore } from '#shared/ports/attachment-store.ts';

const toItem = (value: Record<string, unknown>) => marshall(value, { removeUndefinedValues: true });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The `attachments` table: one item per upload, removed by DynamoDB's TTL at `expires_at`, which readers respect before it does. */
export class DynamoAttachmentStore extends DynamoTable implements AttachmentStore {
  async create(attachment: Attachment): Promise<void> {
    await this.client.send(
      new PutItemCommand({ TableName: this.table, Item: toItem({ ...attachment }), ConditionExpression: 'attribute_not_exists(attachment_id)' }),
    );
  }

  async get(attachmentId: string): Promise<Attachment | undefined> {
    const { Item } = await this.client.send(new GetItemCommand({ TableName: this.table, Key: toItem({ attachment_id: attachmentId }), ConsistentRead: true }));
    const attachment = Item && (unmarshall(Item) as Attachment);
    return attachment && attachment.expires_at > nowSeconds() ? attachment : undefined;
  }

  // A single-item conditional write: the one way to use something once that DynamoDB and dynalite share.
  async use(attachmentId: string, clientId: string, ticket: string): Promise<boolean> {
    const written = await this.updateIf(toItem({ attachment_id: attachmentId }), {
      UpdateExpression: 'SET used_by = :ticket',
      ConditionExpression: 'client_id = :client AND expires_at > :now AND (attribute_not_exists(used_by) OR used_by = :ticket)',
      ExpressionAttributeValues: toItem({ ':ticket': ticket, ':client': clientId, ':now': nowSeconds() }),
    });
    return written.held;
  }

  async release(attachmentId: string, ticket: string): Promise<void> {
    await this.updateIf(toItem({ attachment_id: attachmentId }), {
      UpdateExpression: 'REMOVE used_by',
      ConditionExpression: 'used_by = :ticket',
      ExpressionAttributeValues: toItem({ ':ticket': ticket }),
    });
  }
}
