// s3rver writes an object's bytes, then its metadata file, and answers the PUT only after both. A
// runtime killed in between leaves a metadata file that does not parse, and s3rver then fails every
// listing of that folder (the sweep's search for orphaned bodies among them). Such an object was
// never acknowledged to anyone, so it is removed before s3rver starts.

import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

const metadataSuffix = '._S3rver_metadata.json';

/** Removes the objects under `dir` whose metadata a crash left unreadable; answers how many. */
export async function dropUnfinishedObjects(dir: string): Promise<number> {
  let dropped = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(metadataSuffix)) continue;
    const metadata = join(entry.parentPath, entry.name);
    try {
      JSON.parse(await readFile(metadata, 'utf8'));
    } catch {
      const object = `${metadata.slice(0, -metadataSuffix.length)}._S3rver_object`;
      await Promise.all([metadata, object, `${object}.md5`].map((file) => rm(file, { force: true })));
      dropped++;
    }
  }
  return dropped;
}
