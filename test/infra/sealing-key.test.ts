// The key over clients' certificates and PINs, as the templates of a test and a production stage
// have it: its key policy names every role that may use it, each for what its function does (seal,
// open), only with an owner in the encryption context; its administrators can neither use it nor
// grant its use; and no IAM policy of the stage reaches it, so account-wide IAM alone opens nothing.

import type { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAdminActions } from '#infra/constructs/key-policy.ts';
import { functions, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { settingNames } from '#shared/setting-names.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { fnProps, ofType, synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(removeStageApps);

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Principal: { AWS: unknown };
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

const keyId = (stage: Stage) => stage.stack.getLogicalId(stage.stack.node.findChild('SealingKey').node.defaultChild as CfnElement);
const keyPolicy = (stage: Stage): Statement[] => stage.resources[keyId(stage)]!.Properties.KeyPolicy.Statement;
const actionsOf = (statement: { Action: string | string[] }) => [statement.Action].flat();
const principals = (statement: Statement) => [statement.Principal.AWS].flat().map((principal) => JSON.stringify(principal));
const roleOf = (stage: Stage, name: FunctionName) => JSON.stringify({ 'Fn::GetAtt': [fnProps(stage, name).Role['Fn::GetAtt'][0], 'Arn'] });
// The stage's region is pinned, so CDK writes the partition out (`arn:aws:iam::`) rather than as a reference.
const root = JSON.stringify({ 'Fn::Join': ['', ['arn:aws:iam::', { Ref: 'AWS::AccountId' }, ':root']] });
const using = (statement: Statement) => actionsOf(statement).some((action) => /^kms:(Decrypt|Encrypt|GenerateDataKey|ReEncrypt|\*)/.test(action));

describe('the sealing key', { timeout: 300_000 }, () => {
  let stages: Record<'dev' | 'prod', Stage>;
  beforeAll(() => {
    stages = { dev: synth({ stage: 'dev' }, { bundle: false }), prod: synth({ stage: 'prod' }, { bundle: false }) };
  }, 300_000);

  it.each(['dev', 'prod'] as const)('names in its key policy exactly the roles that seal or open, each for that use only (%s)', (name) => {
    const stage = stages[name];
    const sealers = [...stage.stack.functions.keys()].filter((fn) => (functions[fn] as FunctionSpec).sealing?.includes('seal'));
    const openers = [...stage.stack.functions.keys()].filter((fn) => (functions[fn] as FunctionSpec).sealing?.includes('open'));
    expect(sealers).toEqual(expect.arrayContaining(['createCertificate', 'submitUstva']));
    expect(openers).toEqual(expect.arrayContaining(['transmit', 'submitUstva']));
    expect(openers).not.toContain('createCertificate');

    const uses = keyPolicy(stage).filter(using);
    const byAction = (action: string) => uses.filter((statement) => actionsOf(statement).includes(action));
    expect(uses.flatMap(actionsOf).sort()).toEqual(['kms:Decrypt', 'kms:Decrypt', 'kms:GenerateDataKey']);
    expect(principals(byAction('kms:GenerateDataKey')[0]!).sort()).toEqual(sealers.map((fn) => roleOf(stage, fn)).sort());
    for (const statement of byAction('kms:Decrypt')) expect(principals(statement).sort()).toEqual(openers.map((fn) => roleOf(stage, fn)).sort());
    for (const fn of ['getCertificate', 'listCertificates', 'deleteCertificate', 'certificateExpiry', 'getTicket', 'deliverWebhook'] as const) {
      expect(uses.flatMap(principals), fn).not.toContain(roleOf(stage, fn));
    }
    // Each function is told which key only when it uses it.
    expect(fnProps(stage, 'transmit').Environment.Variables).toHaveProperty(settingNames.sealingKeyId);
    expect(fnProps(stage, 'getCertificate').Environment.Variables).not.toHaveProperty(settingNames.sealingKeyId);
  });

  it.each(['dev', 'prod'] as const)('requires an owner in the encryption context on every use, and on every decrypt (%s)', (name) => {
    const uses = keyPolicy(stages[name]).filter(using);
    const [sealing, ...opening] = [uses.find((s) => s.Sid === 'Seal')!, ...uses.filter((s) => actionsOf(s).includes('kms:Decrypt'))];
    const owner = {
      StringEquals: { 'kms:EncryptionContext:purpose': 'steuerbote-client-certificate' },
      Null: { 'kms:EncryptionContext:purpose': 'false', 'kms:EncryptionContext:client_id': 'false', 'kms:EncryptionContext:certificate_id': 'false' },
      'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose', 'client_id', 'certificate_id', 'ticket_id'] },
    };
    expect(sealing.Condition).toEqual(owner);
    expect(opening.map((statement) => statement.Condition)).toEqual([
      owner,
      // The data keys wrapped before owners were bound: their constant context exactly, to be sealed again.
      {
        StringEquals: { 'kms:EncryptionContext:purpose': 'steuerbote-client-certificate' },
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['purpose'] },
      },
    ]);
    for (const statement of uses) {
      expect(statement.Effect).toBe('Allow');
      expect(statement.Condition, statement.Sid).toHaveProperty(['StringEquals', 'kms:EncryptionContext:purpose']);
    }
  });

  it.each(['dev', 'prod'] as const)(
    'is administered by the account root, which may neither use it nor grant its use, and reached by no IAM policy (%s)',
    (name) => {
      const stage = stages[name];
      const policy = keyPolicy(stage);
      const admin = policy.filter((statement) => principals(statement).includes(root));
      expect(admin).toHaveLength(1);
      // Named one by one: no wildcard (CDK's kms:Create* and kms:Put* held CreateGrant), no grant at all.
      expect(actionsOf(admin[0]!).sort()).toEqual([...keyAdminActions].sort());
      expect(actionsOf(admin[0]!).filter((action) => action.includes('*') || action === 'kms:CreateGrant')).toEqual([]);
      expect(policy.flatMap(actionsOf).filter((action) => action.startsWith('kms:CreateGrant'))).toEqual([]);
      expect(using(admin[0]!)).toBe(false);
      expect(policy.filter(using).flatMap(principals)).not.toContain(root);
      // Without the root's kms:*, an IAM grant on the key would open nothing; the stage makes none.
      const key = JSON.stringify({ 'Fn::GetAtt': [keyId(stage), 'Arn'] });
      const onKey = ofType(stage, 'AWS::IAM::Policy')
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[])
        .filter((statement) => JSON.stringify(statement.Resource).includes(key) || (statement.Resource === '*' && using(statement)));
      expect(onKey).toEqual([]);
    },
  );

  it('leaves out the old way of opening with -c openSealedBeforeOwners=false, and every other statement as it was', () => {
    const old = (statement: Statement) => statement.Sid === 'OpenSealedBeforeOwners';
    expect(keyPolicy(stages.dev).filter(old)).toHaveLength(1);
    const dropped = keyPolicy(synth({ stage: 'dev', openSealedBeforeOwners: 'false' }, { bundle: false }));
    expect(dropped.filter(old)).toEqual([]);
    expect(dropped).toEqual(keyPolicy(stages.dev).filter((statement) => !old(statement)));
    expect(keyPolicy(synth({ stage: 'dev', openSealedBeforeOwners: 'true' }, { bundle: false }))).toEqual(keyPolicy(stages.dev));
    expect(() => synth({ stage: 'dev', openSealedBeforeOwners: 'no' }, { bundle: false })).toThrow(/"openSealedBeforeOwners" must be true or false/);
  });

  it('is administered by the roles the stage names instead, when it names them', () => {
    const admins = ['arn:aws:iam::123456789012:role/steuerbote-deploy', 'arn:aws:iam::123456789012:role/key-admin'];
    const stage = synth({ stage: 'prod', sealingKeyAdmins: admins.join(',') }, { bundle: false });
    const policy = keyPolicy(stage);
    expect(policy.flatMap(principals)).not.toContain(root);
    const admin = policy.filter((statement) => statement.Effect === 'Allow' && !using(statement));
    expect(admin.flatMap(principals).sort()).toEqual(admins.map((arn) => JSON.stringify(arn)).sort());
    expect(() => synth({ stage: 'prod', sealingKeyAdmins: 'key-admin' }, { bundle: false })).toThrow(/sealingKeyAdmins.*IAM role ARNs/);
  });
});
