// docs/reference/configuration.md is what scripts/configuration/page.ts makes of the code that reads
// the settings: a setting added, changed or described anew without `npm run generate:configuration` fails here.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingNames } from '#shared/setting-names.ts';
import { configurationPage, contextOptions, pagePath, repoRoot } from '../../scripts/configuration/page.ts';

describe('the configuration page', () => {
  const page = configurationPage();

  it('is as the generator writes it: run `npm run generate:configuration` after changing a setting', () => {
    expect(readFileSync(path.join(repoRoot, pagePath), 'utf8')).toBe(page);
  });

  it('names every environment variable and every -c option the stage reads', () => {
    for (const name of Object.values(settingNames)) expect(page).toContain(`- \`${name}\`: `);
    const keys = contextOptions().map(({ key }) => key);
    expect(keys).toEqual(expect.arrayContaining(['stage', 'region', 'edgeLimitPerMinute', 'breakGlassRole', 'ericCertSecret', 'ericPinSecret']));
    for (const key of keys) expect(page).toContain(`- \`${key}\`: `);
  });
});
