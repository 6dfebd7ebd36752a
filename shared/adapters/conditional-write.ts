import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/**
 * Runs a conditional DynamoDB write and tells whether its condition held: a failed condition is an
 * answer (another writer got there first), every other error is a fault and propagates.
 */
export async function conditionHeld<T>(write: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
  try {
    return { held: true, value: await write() };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { held: false };
    throw error;
  }
}
