// `npm run generate:configuration`: writes docs/reference/configuration.md from the code that reads
// the settings (scripts/configuration/page.ts); test/docs/configuration.test.ts fails while it is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { configurationPage, pagePath, repoRoot } from './page.ts';

writeFileSync(path.join(repoRoot, pagePath), configurationPage());
console.log(`wrote ${pagePath}`);
