// `npm run generate:structure`: writes the structure module of every form and year from ELSTER's
// XSDs beside the checkout, and the rules of each form that names its workbooks
// (scripts/structure/modules.ts lists them).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generated, repoRoot } from './modules.ts';

for (const { module, from, text } of generated) {
  const file = path.join(repoRoot, module);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text());
  console.log(`wrote ${module} from shared/elster/${from}`);
}
