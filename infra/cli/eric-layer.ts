// `npm run eric:layer -- <ERiC archive> [--out <dir>]`: turns ERiC's Linux x86-64 download into a
// Lambda layer (infra/eric-layer.ts) that a stage takes as `-c ericLayer=…` (docs/eric.md).

import { parseArgs } from 'node:util';
import { buildEricLayer, lambdaUnpackedLimit, layerFolder } from '#infra/eric-layer.ts';

function main(): void {
  const usage = 'usage: npm run eric:layer -- <ERiC Linux x86-64 archive> [--out <dir>]';
  try {
    const { values, positionals } = parseArgs({ options: { out: { type: 'string', default: 'eric-layer' } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error(usage);
    const out = values.out;
    const { zip, files, bytes } = buildEricLayer(positionals[0]!, out);
    console.log(`ERiC layer written: ${out}/${layerFolder}/ and ${zip} (${files} files, ${(bytes / 1e6).toFixed(1)} MB unpacked)`);
    console.log(`deploy with: npx cdk deploy -c stage=<stage> -c taxAuthority=eric -c ericLayer=${out} -c ericCertSecret=… -c ericPinSecret=…`);
    if (bytes > lambdaUnpackedLimit) {
      console.warn(`eric-layer: warning: over Lambda's 250 MB for a function's code and layers together; the deployment will be refused`);
    }
  } catch (error) {
    console.error(`eric-layer: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

main();
