// `npm run generate:structure`: writes the structure module of every form and year from ELSTER's
// XSDs beside the checkout (scripts/structure/modules.ts lists them).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { moduleText, repoRoot, sources } from './modules.ts';

for (const { module, schema } of sources) {
  const file = path.join(repoRoot, module);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, moduleText(schema));
  console.log(`wrote ${module} from shared/elster/${schema}`);
}
