// A stage that transmits through ERiC: the layer, the certificate's secrets and koffi reach the
// functions that load the tax authority, and only those; a stage missing any of it does not synthesize.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kinds } from '#shared/forms/registry.ts';
import { functions, validateFunction, type FunctionName, type FunctionSpec } from '#shared/manifest.ts';
import { builtEricLayer, elfLibrary, elfMachine, removeTempDirs } from '#test/infra/eric-download.ts';
import { removeStageApps } from '#test/infra/stage-app.ts';
import { actions, bundleDir, fnProps, ofType, ref, serviceFunctions, statements, synth, type Stage } from '#test/infra/stage-template.ts';

afterAll(() => {
  removeStageApps();
  removeTempDirs();
});

const loadingTaxAuthority = (Object.keys(functions) as FunctionName[]).filter((name) => (functions[name] as FunctionSpec).loadsTaxAuthority);
const pinArn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:steuerbote/dev/eric-pin-AbCdEf';

const ericContext = (layer: string) => ({
  stage: 'dev',
  taxAuthority: 'eric',
  ericLayer: layer,
  ericCertSecret: 'steuerbote/dev/eric-cert',
  ericPinSecret: pinArn,
  ericApiVersion: '41',
  ericDatenlieferant: 'Muster Steuerberatung GmbH',
});

describe('an ERiC stage', { timeout: 120_000 }, () => {
  let eric: Stage;
  let layer: ReturnType<typeof builtEricLayer>;

  // A bundled synth runs esbuild once per function: one took over 300 s beside the whole suite on two
  // busy cores, and each form adds two functions.
  beforeAll(() => {
    layer = builtEricLayer();
    eric = synth(ericContext(layer.folder));
  }, 900_000);

  it('attaches one x86-64 layer to exactly the functions that load the tax authority, which stay on x86-64', () => {
    expect(loadingTaxAuthority.sort()).toEqual(['transmit', 'checkMailbox', ...kinds.map(validateFunction)].sort());
    const layers = ofType(eric, 'AWS::Lambda::LayerVersion');
    expect(layers).toHaveLength(1);
    const [layerId, layerVersion] = layers[0]!;
    expect(layerVersion.Properties.CompatibleArchitectures).toEqual(['x86_64']);

    const withLayers = serviceFunctions(eric).filter(([, fn]) => fn.Properties.Layers);
    expect(withLayers).toHaveLength(loadingTaxAuthority.length);
    for (const name of loadingTaxAuthority) {
      expect(fnProps(eric, name).Layers, name).toEqual([ref(layerId)]);
      expect(fnProps(eric, name).Architectures, name).toEqual(['x86_64']);
    }
  });

  it('tells those functions where ERiC is, and only transmit which secrets hold the certificate and its PIN, never the secrets themselves', () => {
    for (const name of loadingTaxAuthority) {
      const variables = fnProps(eric, name).Environment.Variables;
      expect(variables, name).toMatchObject({
        TAX_AUTHORITY: 'eric',
        ERIC_HOME: '/opt/eric',
        ERIC_API_VERSION: '41',
        ELSTER_DATENLIEFERANT: 'Muster Steuerberatung GmbH',
      });
    }
    const transmit = fnProps(eric, 'transmit').Environment.Variables;
    expect(transmit.ERIC_CERT_PIN_SECRET_ARN).toEqual(pinArn);
    expect(JSON.stringify(transmit.ERIC_CERT_SECRET_ARN)).toMatch(/:secret:steuerbote\/dev\/eric-cert"/);
    // validate runs ERiC's checks, which need no certificate: it is not told where one is.
    for (const name of ['validateUstva', 'validateEst', 'validateLsta'] as const) {
      expect(
        Object.keys(fnProps(eric, name).Environment.Variables).filter((variable) => variable.startsWith('ERIC_CERT')),
        name,
      ).toEqual([]);
    }
    for (const [, fn] of serviceFunctions(eric)) {
      const variables = Object.keys(fn.Properties.Environment.Variables);
      if (!fn.Properties.Layers) expect(variables.filter((variable) => variable.startsWith('ERIC_'))).toEqual([]);
    }
    // getVersion reports the tax authority without loading it.
    expect(fnProps(eric, 'getVersion').Environment.Variables).toMatchObject({ TAX_AUTHORITY: 'eric' });
    expect(JSON.stringify(eric.template.toJSON())).not.toContain('resolve:secretsmanager');
  });

  // The stage's own certificate signs its filings and reads its mailbox.
  it('lets transmit and the mailbox check alone read the two secrets, and exactly those', () => {
    const reading = [...eric.stack.functions.keys()].filter((name) => actions(eric, name).includes('secretsmanager:GetSecretValue'));
    expect(reading.sort()).toEqual(['checkMailbox', 'transmit']);
    for (const name of reading) {
      const secrets = statements(eric, name).filter((s) => [s.Action].flat().some((action) => action.startsWith('secretsmanager:')));
      const resources = secrets.flatMap((s) => [s.Resource].flat()).map((resource) => JSON.stringify(resource));
      expect(resources, name).toHaveLength(2);
      expect(resources, name).toEqual(
        expect.arrayContaining([expect.stringMatching(/:secret:steuerbote\/dev\/eric-cert-\?\?\?\?\?\?"/), JSON.stringify(pinArn)]),
      );
      expect(secrets.flatMap((s) => [s.Action].flat()).sort(), name).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
  });

  it('ships koffi and its Linux x86-64 build beside the bundle of those functions, not inside it', () => {
    const transmit = bundleDir(eric, 'transmit');
    expect(existsSync(path.join(transmit, 'node_modules', 'koffi', 'package.json'))).toBe(true);
    expect(existsSync(path.join(transmit, 'node_modules', '@koromix', 'koffi-linux-x64', 'linux_x64', 'koffi.node'))).toBe(true);
    // The bundle names the package and carries none of its code (an error message of koffi's own loader).
    const bundle = readFileSync(path.join(transmit, 'index.mjs'), 'utf8');
    expect(bundle).toContain('"koffi"');
    expect(bundle).not.toContain('Unknown ARM floating-point ABI');
    expect(existsSync(path.join(bundleDir(eric, 'getStatus'), 'node_modules'))).toBe(false);
  });

  it('ships the schema structures of the forms a function checks beside its bundle, and no others', () => {
    const shipped = (name: FunctionName) => {
      const dir = path.join(bundleDir(eric, name), 'structure');
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    };
    // The UStVA's and the LStA's rules are read by the tests alone, so they stay behind.
    const ustva = [2021, 2022, 2023, 2024, 2025].map((year) => `ustva-${year}.json`);
    const est = ['e10-2022.json', 'e10-2023.json', 'e10-2024.json'];
    // The annual VAT return's rules stand beside its structures.
    const ust = [2021, 2022, 2023, 2024, 2025].flatMap((year) => [`e50-${year}-rules.json`, `e50-${year}.json`]);
    expect(shipped('validateUstva')).toEqual(ustva);
    const lsta = [2021, 2022, 2023, 2024, 2025].map((year) => `lsta-${year}.json`);
    expect(shipped('submitEst')).toEqual(est);
    expect(shipped('validateUst')).toEqual(ust);
    expect(shipped('validateLsta')).toEqual(lsta);
    const euer = ['e77-2021.json', 'e77-2022.json', 'e77-2023.json', 'e77-2024.json'];
    expect(shipped('validateEuer')).toEqual(euer);
    // transmit checks every form: what each form's validate ships, together.
    expect(shipped('transmit')).toEqual(kinds.flatMap((kind) => shipped(validateFunction(kind))).sort());
    expect(shipped('submitZm')).toEqual(['zm.json']);
    expect(shipped('getStatus')).toEqual([]);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')('ships a koffi that loads from the bundle folder alone, required or imported', () => {
    const bundle = bundleDir(eric, 'transmit');
    const version = JSON.parse(readFileSync(path.join(bundle, 'node_modules', 'koffi', 'package.json'), 'utf8')).version;
    const load = (...args: string[]) => spawnSync(process.execPath, args, { cwd: bundle, encoding: 'utf8' });
    for (const run of [
      load('-e', "console.log(require('koffi').version)"),
      load('--input-type=module', '-e', "import koffi from 'koffi'; console.log(koffi.version)"),
    ]) {
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe(version);
    }
  });

  it('takes the zip instead of the folder, or a layer published before by its ARN', () => {
    const zipped = synth(ericContext(layer.zip), { bundle: false });
    const layers = ofType(zipped, 'AWS::Lambda::LayerVersion');
    expect(layers).toHaveLength(1);
    // A zip is staged as it is; a folder would be staged as a folder and zipped on upload.
    const staged = path.join(zipped.app.outdir, `asset.${layers[0]![1].Properties.Content.S3Key}`);
    expect(readFileSync(staged).equals(readFileSync(layer.zip))).toBe(true);

    const arn = 'arn:aws:lambda:eu-central-1:123456789012:layer:eric-41:3';
    const published = synth(ericContext(arn), { bundle: false });
    expect(ofType(published, 'AWS::Lambda::LayerVersion')).toEqual([]);
    for (const name of loadingTaxAuthority) expect(fnProps(published, name).Layers, name).toEqual([arn]);
  });
});

describe('an ERiC stage refuses to synthesize', () => {
  const refusal = (context: Record<string, string>) => {
    try {
      synth(context, { bundle: false });
    } catch (error) {
      return (error as Error).message;
    }
    return 'synthesized';
  };

  it('without a layer or either secret, naming what is missing in one line', () => {
    const { folder } = builtEricLayer();
    const { ericLayer: _layer, ...withoutLayer } = ericContext(folder);
    const { ericCertSecret: _cert, ...withoutCert } = ericContext(folder);
    const { ericPinSecret: _pin, ...withoutPin } = ericContext(folder);
    expect(refusal(withoutLayer)).toBe(
      'Context "ericLayer" is required with taxAuthority=eric: a layer version ARN, or the folder or zip of npm run eric:layer',
    );
    expect(refusal(withoutCert)).toBe('Context "ericCertSecret" is required with taxAuthority=eric: the Secrets Manager secret holding the certificate');
    expect(refusal(withoutPin)).toBe('Context "ericPinSecret" is required with taxAuthority=eric: the Secrets Manager secret holding the certificate\'s PIN');
  });

  it('with a layer that is not one, or not for x86-64', () => {
    const missing = path.join(builtEricLayer().folder, 'nothing-here');
    expect(refusal(ericContext(missing))).toBe(`ERiC layer ${missing} does not exist; build it with npm run eric:layer`);
    const { download } = builtEricLayer();
    expect(refusal(ericContext(download))).toBe(`ERiC layer ${download} holds no eric/libericapi.so; build it with npm run eric:layer`);
    expect(refusal(ericContext('arn:aws:lambda:eu-central-1:123456789012:function:transmit'))).toMatch(/^Context "ericLayer" must be a layer version ARN/);
  });

  it('with a layer built for another architecture', () => {
    // The command refuses such a download, so the library is swapped as in a layer folder made by hand.
    const { folder } = builtEricLayer();
    writeFileSync(path.join(folder, 'eric', 'libericapi.so'), elfLibrary(elfMachine.aarch64));
    expect(refusal(ericContext(folder))).toBe(`eric/libericapi.so in ${folder} is built for aarch64, not x86-64: download ERiC for Linux x86-64`);
  });

  it('with ERiC settings on a sandbox stage, or a malformed one', () => {
    expect(refusal({ stage: 'dev', ericLayer: 'eric-layer' })).toBe('Context "ericLayer" applies only with taxAuthority=eric');
    expect(refusal({ stage: 'dev', ericPinSecret: 'steuerbote/pin' })).toBe('Context "ericPinSecret" applies only with taxAuthority=eric');
    const { folder } = builtEricLayer();
    expect(refusal({ ...ericContext(folder), ericApiVersion: '41.2' })).toBe('Context "ericApiVersion" must be an ERiC major version such as 41, got "41.2"');
    expect(refusal({ ...ericContext(folder), ericCertSecret: 'my cert' })).toBe(
      'Context "ericCertSecret" must be a Secrets Manager secret name or ARN, got "my cert"',
    );
    expect(refusal({ ...ericContext(folder), ericDatenlieferant: 'x'.repeat(201) })).toMatch(
      /^Context "ericDatenlieferant" must be a name of at most 200 characters/,
    );
    expect(refusal({ stage: 'dev', ericDatenlieferant: 'Muster' })).toBe('Context "ericDatenlieferant" applies only with taxAuthority=eric');
  });
});
