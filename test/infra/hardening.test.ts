// What a stage's template shows of the sweep without listing, the narrowed grants, the alarms on the
// APIs, the tables and the stage certificate, and the data protection of its log groups. Template
// questions only, so no function is bundled.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxNumberPattern } from '#infra/constructs/log-protection.ts';
import { kinds } from '#shared/forms/registry.ts';
import { functions, submitFunction, tables, type FunctionName, type TableName, type TableSpec } from '#shared/manifest.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { actions, ofType, statements, synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(() => removeStageApps());

const ericContext = {
  stage: 'prod',
  taxAuthority: 'eric',
  ericLayer: 'arn:aws:lambda:eu-central-1:123456789012:layer:eric:1',
  ericCertSecret: 'steuerbote/prod/eric-cert',
  ericPinSecret: 'steuerbote/prod/eric-pin',
};

describe('a hardened stage', { timeout: 120_000 }, () => {
  let dev: Stage;
  let prod: Stage;
  let eric: Stage;
  let tracing: Stage;

  beforeAll(() => {
    dev = synth({ stage: 'dev' }, { bundle: false });
    tracing = synth({ stage: 'dev', tracing: 'true' }, { bundle: false });
    prod = synth({ stage: 'prod' }, { bundle: false });
    eric = synth(ericContext, { bundle: false });
  }, 300_000);

  const alarms = (stage: Stage) => ofType(stage, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
  const alarmNamed = (stage: Stage, id: string) => alarms(stage).find((alarm) => alarm.AlarmName === `steuerbote-${stage === dev ? 'dev' : 'prod'}-${id}`);

  describe('the sweep', () => {
    it('keeps a table of notes by shard and time, which DynamoDB expires, and where its check left off, and lists no bucket', () => {
      dev.template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: 'shard', KeyType: 'HASH' },
          { AttributeName: 'noted', KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      });
      expect(actions(dev, 'sweep')).not.toContain('s3:ListBucket');
      const onNotes = statements(dev, 'sweep').filter((s) => JSON.stringify(s.Resource).includes('storedBodiesTable'));
      // Its bookmark is one item it reads and puts; the notes themselves it only queries.
      expect(
        onNotes
          .flatMap((s) => [s.Action].flat())
          .filter((a) => a.startsWith('dynamodb:'))
          .sort(),
      ).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']);
    });

    it('lets the submit functions write notes, and nothing else reach them', () => {
      const reaching = [...dev.stack.functions.keys()].filter((name) =>
        statements(dev, name).some((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')) && JSON.stringify(s.Resource).includes('storedBodiesTable')),
      );
      expect(reaching.sort()).toEqual([...kinds.map(submitFunction), 'sweep'].sort());
      const onNotes = statements(dev, 'submitUstva').filter((s) => JSON.stringify(s.Resource).includes('storedBodiesTable'));
      expect(onNotes.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:'))).toEqual(['dynamodb:PutItem']);
    });
  });

  describe('grants', () => {
    it('lets no function list the bucket, nor anything of a production stage, so S3 answers a missing key AccessDenied (MissingOrRefused, shared/ports/missing-or-refused.ts)', () => {
      const lists = (statement: { Effect: string; Action: string | string[] }) =>
        statement.Effect === 'Allow' && [statement.Action].flat().some((action) => /^s3:(List|\*)/.test(action));
      for (const stage of [dev, prod, eric]) {
        for (const name of stage.stack.functions.keys()) expect(statements(stage, name).filter(lists), name).toEqual([]);
      }
      // A test stage's bucket is emptied by CDK's helper when the stage is destroyed, which lists it; a production stage keeps its bucket.
      const policies = Object.values(prod.resources)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::S3::BucketPolicy')
        .flatMap((resource) => resource.Properties.PolicyDocument.Statement);
      expect(policies.filter(lists)).toEqual([]);
    });

    it('grants no function Encrypt or ReEncrypt on any key, nor a wildcard of key actions', () => {
      for (const stage of [dev, eric]) {
        for (const name of stage.stack.functions.keys()) {
          const kms = actions(stage, name).filter((action) => action.startsWith('kms:'));
          expect(
            kms.filter((action) => /Encrypt|\*/.test(action)),
            name,
          ).toEqual([]);
        }
      }
      // A writer gets a new data key, Decrypt beside it.
      expect(new Set(actions(dev, 'submitUstva').filter((a) => a.startsWith('kms:')))).toEqual(new Set(['kms:Decrypt', 'kms:GenerateDataKey']));
    });

    it('lets a function query only the indexes its manifest entry names, and the table itself only without them', () => {
      for (const name of dev.stack.functions.keys()) {
        const spec = functions[name as FunctionName] as {
          tables?: Partial<Record<TableName, readonly string[]>>;
          indexes?: Partial<Record<TableName, readonly string[]>>;
        };
        const queried = statements(dev, name)
          .filter((s) => [s.Action].flat().some((a) => a === 'dynamodb:Query' || a === 'dynamodb:Scan'))
          .flatMap((s) => [s.Resource].flat().map((resource) => JSON.stringify(resource)));
        const indexes = queried.flatMap((resource) => /\/index\/(\w+)/.exec(resource)?.[1] ?? []);
        const named = Object.values(spec.indexes ?? {}).flat();
        expect(indexes.sort(), name).toEqual([...named].sort());
      }
    });

    it('sends to a queue with sqs:SendMessage alone, the records of failed runs too', () => {
      const sends = statements(dev, 'sweep').filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')));
      expect(sends.map((s) => s.Action)).toEqual(['sqs:SendMessage']);
      expect(JSON.stringify(sends[0]!.Resource)).toMatch(/FailedRunsQueue/);
    });
  });

  describe('alarms', () => {
    it("alarms on each API's server errors, with the same actions on alarm and on OK", () => {
      for (const [stage, apis] of [
        [dev, ['api', 'receiver']],
        [prod, ['api']],
      ] as const) {
        for (const api of apis) {
          const alarm = alarmNamed(stage, `${api}Api5xx`);
          expect(alarm, api).toMatchObject({ MetricName: '5xx', Namespace: 'AWS/ApiGateway', Statistic: 'Sum', Threshold: 0 });
          expect(alarm!.OKActions).toEqual(alarm!.AlarmActions);
          expect(alarm!.AlarmDescription).toContain('docs/operations/the-api-answers-with-server-errors.md');
        }
      }
    });

    // One alarm's math takes at most 10 metrics: a table with more indexes has a second alarm (`…Throttled2`).
    it('alarms on DynamoDB throttling each table and each of its indexes', () => {
      for (const [name, spec] of Object.entries(tables) as [TableName, TableSpec][]) {
        const alarm = alarmNamed(dev, `${name}TableThrottled`);
        expect(alarm, name).toBeDefined();
        const all = [alarm!, ...[2, 3].flatMap((n) => alarmNamed(dev, `${name}TableThrottled${n}`) ?? [])];
        for (const each of all) expect(each.OKActions).toEqual(each.AlarmActions);
        const watched = all
          .flatMap((each) => each.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }[])
          .flatMap((query) => (query.MetricStat ? [query.MetricStat.Metric] : []))
          .map((metric) => `${metric.MetricName} ${metric.Dimensions.find((d) => d.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table'}`);
        const expected = ['table', ...Object.keys(spec.indexes ?? {})].flatMap((on) => [`ReadThrottleEvents ${on}`, `WriteThrottleEvents ${on}`]);
        expect(watched.sort(), name).toEqual(expected.sort());
      }
    });

    it("alarms on the stage certificate's expiry where the stage signs with ERiC, and nowhere else", () => {
      const alarm = alarms(eric).find((a) => a.AlarmName === 'steuerbote-prod-StageCertificateExpiring');
      expect(alarm).toMatchObject({ MetricName: 'StageCertificateExpiringSoon', Namespace: 'steuerbote', Statistic: 'Maximum', Period: 86_400 });
      expect(alarm!.OKActions).toEqual(alarm!.AlarmActions);
      expect(alarms(dev).some((a) => String(a.AlarmName).endsWith('StageCertificateExpiring'))).toBe(false);
    });
  });

  describe('tracing', () => {
    it('turns the tracer on where the stage traces, with X-Ray active tracing, and leaves it off elsewhere', () => {
      for (const [, fn] of ofType(tracing, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)) {
        expect(fn.Properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      }
      for (const [, fn] of ofType(dev, 'AWS::Lambda::Function')) expect(fn.Properties.Environment?.Variables?.POWERTOOLS_TRACE_ENABLED).toBeUndefined();
    });
  });

  describe('logs', () => {
    it('gives every log group a data-protection policy that masks the IdNr, German IBANs and tax numbers', () => {
      for (const stage of [dev, prod]) {
        const groups = ofType(stage, 'AWS::Logs::LogGroup');
        expect(groups.length).toBeGreaterThan(10);
        for (const [id, group] of groups) {
          const policy = group.Properties.DataProtectionPolicy;
          expect(policy, id).toBeDefined();
          const identifiers = JSON.stringify(policy.Statement);
          expect(identifiers).toContain('data-identifier/TaxId-DE');
          expect(identifiers).toContain('data-identifier/BankAccountNumber-DE');
          expect(policy.Configuration.CustomDataIdentifier).toEqual([{ Name: 'TaxNumberDE', Regex: taxNumberPattern }]);
          expect(policy.Statement.map((statement: { Operation: object }) => Object.keys(statement.Operation)[0])).toEqual(['Audit', 'Deidentify']);
        }
      }
    });

    it('masks an ELSTER tax number of every Land, and not the epoch milliseconds of a metric line', () => {
      const pattern = new RegExp(`^(?:${taxNumberPattern})$`);
      for (const taxNumber of ['9198011310010', '2893081508152', '1121081508150', '5133081508159', '3048081508155']) expect(taxNumber).toMatch(pattern);
      expect(String(Date.now())).not.toMatch(pattern);
      expect(taxNumberPattern.length).toBeLessThanOrEqual(200);
    });
  });
});
