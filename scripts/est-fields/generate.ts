// `npm run generate:est-fields`: writes docs/forms/est-fields.md (page.ts); test/docs/est-fields.test.ts
// fails while it is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { estFieldsPage, pagePath, repoRoot } from './page.ts';

writeFileSync(path.join(repoRoot, pagePath), await estFieldsPage());
console.log(`wrote ${pagePath}`);
