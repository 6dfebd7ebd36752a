// Who administers a KMS key of a stage, and what nobody may do to it. CDK's default admin statement
// allows `kms:Create*` and `kms:Put*`, and with them CreateGrant: a grant gives its grantee the key's
// use in one call, past whatever the key policy's use statements say. So the admin actions are listed
// here one by one, without CreateGrant; AWS services still make the grants they need for what the key
// encrypts (a DynamoDB table, a backup), which KMS marks `kms:GrantIsForAWSResource`.

import { AnyPrincipal, Effect, PolicyStatement, type IPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';

/**
 * What a key's administrators may do: read it, change its policy, description, tags, aliases and
 * rotation, enable it, revoke a grant, and schedule or cancel its deletion. Neither its use nor a
 * grant. CloudFormation needs PutKeyPolicy, DescribeKey, the tags and EnableKeyRotation to keep the
 * key as the template says, so whoever deploys is an administrator.
 */
export const keyAdminActions = [
  'kms:DescribeKey',
  'kms:GetKeyPolicy',
  'kms:GetKeyRotationStatus',
  'kms:ListKeyPolicies',
  'kms:ListKeyRotations',
  'kms:ListResourceTags',
  'kms:ListGrants',
  'kms:PutKeyPolicy',
  'kms:UpdateKeyDescription',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:CreateAlias',
  'kms:UpdateAlias',
  'kms:DeleteAlias',
  'kms:EnableKey',
  'kms:DisableKey',
  'kms:EnableKeyRotation',
  'kms:DisableKeyRotation',
  'kms:RotateKeyOnDemand',
  'kms:RevokeGrant',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
] as const;

/** What makes every secret under a key unreadable: its deletion (after the waiting period) and disabling it. */
export const keyDestroyingActions = ['kms:ScheduleKeyDeletion', 'kms:DisableKey'] as const;

export interface KeyAdministration {
  /** The account root (the account's IAM administrators) or named roles. */
  readonly admins: readonly IPrincipal[];
  /**
   * On a production stage, whose key outlives its stack: `keyDestroyingActions` are denied to all
   * but `breakGlassRole`, and to all without one. A test stage's key is deleted with its stack.
   */
  readonly guarded?: { readonly breakGlassRole?: string };
  /** Lets AWS services make grants for the resources the key encrypts, on behalf of the administrators' account. */
  readonly grantsForAwsResources?: boolean;
}

export function administer(key: Key, { admins, guarded, grantsForAwsResources = false }: KeyAdministration): void {
  key.addToResourcePolicy(new PolicyStatement({ sid: 'Administer', principals: [...admins], actions: [...keyAdminActions], resources: ['*'] }));
  if (grantsForAwsResources) {
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'GrantsForAwsResources',
        principals: [...admins],
        actions: ['kms:CreateGrant'],
        resources: ['*'],
        conditions: { Bool: { 'kms:GrantIsForAWSResource': 'true' } },
      }),
    );
  }
  if (guarded) key.addToResourcePolicy(breakGlassOnly('DestroyingTheKey', [...keyDestroyingActions], ['*'], guarded.breakGlassRole));
}

/** Denies `actions` on `resources` to every principal but `breakGlassRole`, or to every one without it; `what` names the statement. */
export function breakGlassOnly(what: string, actions: string[], resources: string[], breakGlassRole: string | undefined): PolicyStatement {
  return new PolicyStatement({
    sid: `${what}${breakGlassRole ? 'OnlyByBreakGlass' : 'ByNobody'}`,
    effect: Effect.DENY,
    principals: [new AnyPrincipal()],
    actions,
    resources,
    ...(breakGlassRole && { conditions: { ArnNotEquals: { 'aws:PrincipalArn': breakGlassRole } } }),
  });
}
