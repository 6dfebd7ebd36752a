/**
 * The condition under which an item's webhook state may be replaced: none started yet (no expected
 * ID), or the expected delivery, at the expected attempt where given, so that of two attempts at
 * once only one records its outcome. Shared by the tickets' and the notices' tables.
 */
export function webhookCondition(expectedWebhookId: string | undefined, expectedAttempts?: number): { condition: string; values: Record<string, unknown> } {
  let condition = expectedWebhookId === undefined ? 'attribute_not_exists(webhook.webhook_id)' : 'webhook.webhook_id = :expected_id';
  const values: Record<string, unknown> = {};
  if (expectedWebhookId !== undefined) values[':expected_id'] = expectedWebhookId;
  if (expectedAttempts !== undefined) {
    condition += ' AND webhook.attempts = :expected_attempts';
    values[':expected_attempts'] = expectedAttempts;
  }
  return { condition, values };
}
