// ELSTER's own reference files (XSDs, rule workbooks, samples), which the repository never holds:
// the tests find them in one folder, STEUERBOTE_ELSTER_DIR, by default ../shared/elster beside the
// checkout (README, "Tests"). Without it what needs them is skipped and says so in one line; under
// CI the folder must be there, so there a missing one fails the test file instead.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** ELSTER's folder: STEUERBOTE_ELSTER_DIR (relative to the repository, if relative), or ../shared/elster beside it. */
export const elsterDir = resolve(import.meta.dirname, '..', '..', process.env.STEUERBOTE_ELSTER_DIR || join('..', 'shared', 'elster'));

/** The tag of every suite and test that needs ELSTER's files, which it skips without them: `describe.skipIf(missing)(title, needsElster, …)`. */
export const needsElster = { tags: 'elster' };

/** Whether one of `folders` of ELSTER's (samples, schemas, rules) is missing, said in one line; under CI that throws. */
export function elsterMissing(...folders: string[]): boolean {
  const absent = folders.map((folder) => join(elsterDir, folder)).filter((folder) => !existsSync(folder));
  if (absent.length === 0) return false;
  const line = `ELSTER's files not found: ${absent.join(', ')} (STEUERBOTE_ELSTER_DIR, README "Tests")`;
  if (process.env.CI) throw new Error(`${line}: under CI the tests that need them never skip`);
  console.log(`${line}: what needs them is skipped`);
  return true;
}
