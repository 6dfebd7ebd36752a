// The key that wraps the data keys of what clients entrust (their certificates and PINs,
// shared/certificates/envelope.ts). Its key policy alone says who may use it: the roles of the
// functions that seal or open, each for that only, and only with the owner of the secret (client,
// certificate, ticket) in the encryption context. Nobody else opens anything, whatever IAM allows:
// the account root, or the stage's named administrators, may administer the key but neither use it
// nor grant its use (infra/constructs/key-policy.ts). Changing the key policy is the one way to a use
// left to them, which CloudFormation needs to add a function, and which alarms (records.ts).

import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { AccountRootPrincipal, ArnPrincipal, PolicyDocument, PolicyStatement, type IPrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { administer } from '#infra/constructs/key-policy.ts';
import { sealingContext, sealingPurpose } from '#shared/domain/sealed.ts';
import type { SealingUse } from '#shared/manifest.ts';

export interface SealingKeyProps {
  readonly stage: string;
  readonly removalPolicy: RemovalPolicy;
  /**
   * Roles that administer the key (its policy, rotation, deletion) without using it; none: the
   * account root, so that the account's IAM administrators do.
   */
  readonly admins?: readonly string[];
  /** Lets the roles that open also open secrets sealed before owners were bound (`OpenSealedBeforeOwners`); false once none is left. */
  readonly openSealedBeforeOwners: boolean;
  /** On a production stage: only this role may delete or disable the key (none: nobody), and deletion waits 30 days. */
  readonly guarded?: { readonly breakGlassRole?: string };
}

/** The keys an owner's context may have; the first three it must have (shared/domain/sealed.ts). */
const ownerKeys = Object.keys(sealingContext({ client_id: '', certificate_id: '', ticket_id: '' }));
const requiredKeys = Object.keys(sealingContext({ client_id: '', certificate_id: '' }));

/** A context naming an owner: `purpose` as it is, client and certificate present, nothing else. */
const bound = {
  StringEquals: { 'kms:EncryptionContext:purpose': sealingPurpose },
  Null: Object.fromEntries(requiredKeys.map((key) => [`kms:EncryptionContext:${key}`, 'false'])),
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ownerKeys },
};
/** The constant context of data keys wrapped before they were bound to an owner, read once and sealed again. */
const before = {
  StringEquals: { 'kms:EncryptionContext:purpose': sealingPurpose },
  'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': Object.keys(sealingContext()) },
};

export class SealingKey extends Key {
  /**
   * What the functions are told to use (SEALING_KEY_ID): the key's alias, a name rather than a
   * reference, because the key's policy names their roles, which live in the stage's nested stacks
   * (docs/architecture.md, "How a stage is split"); a reference both ways would be a cycle.
   */
  readonly aliasName: string;
  readonly #statements = new Map<string, PolicyStatement>();
  readonly #openSealedBeforeOwners: boolean;

  constructor(scope: Construct, id: string, props: SealingKeyProps) {
    const admins: IPrincipal[] = props.admins?.length ? props.admins.map((arn) => new ArnPrincipal(arn)) : [new AccountRootPrincipal()];
    super(scope, id, {
      description: `steuerbote ${props.stage}: clients' certificates and PINs`,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
      ...(props.guarded && { pendingWindow: Duration.days(30) }),
      // A policy of its own in place of CDK's default, which gives the account root kms:* and with it
      // every role of the account that IAM allows kms:Decrypt on *.
      policy: new PolicyDocument(),
    });
    // No AWS service encrypts anything with it, so nobody may make a grant on it.
    administer(this, { admins, guarded: props.guarded });
    this.#openSealedBeforeOwners = props.openSealedBeforeOwners;
    this.aliasName = `alias/steuerbote-${props.stage}-sealing`;
    this.addAlias(this.aliasName);
  }

  /**
   * Lets `role` do with the key what each use needs: `seal` generates a data key (GenerateDataKey),
   * `open` unwraps one (Decrypt), both only for a named owner; `open` also unwraps a data key of the
   * constant context it had before owners were bound, unless the stage has dropped that.
   */
  allow(role: IPrincipal, uses: readonly SealingUse[]): void {
    if (uses.includes('seal')) this.#allow('Seal', 'kms:GenerateDataKey', bound, role);
    if (uses.includes('open')) {
      this.#allow('Open', 'kms:Decrypt', bound, role);
      if (this.#openSealedBeforeOwners) this.#allow('OpenSealedBeforeOwners', 'kms:Decrypt', before, role);
    }
  }

  /** One statement per use, naming every role that has it, so the policy grows by a principal per function. */
  #allow(sid: string, action: string, conditions: Record<string, unknown>, role: IPrincipal): void {
    const statement = this.#statements.get(sid);
    if (statement) return statement.addPrincipals(role);
    const made = new PolicyStatement({ sid, actions: [action], resources: ['*'], conditions, principals: [role] });
    this.#statements.set(sid, made);
    this.addToResourcePolicy(made);
  }
}
