// s3rver keeps an object as three files, written one after the other: its bytes, their MD5, its
// metadata. A process killed in between (the crash fault run does it on purpose) leaves an object S3
// itself would never show, half written, and s3rver then fails every listing that meets it. Such a
// write was never answered, so the object is dropped before s3rver starts, as if it had not happened.

import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

const objectSuffix = '._S3rver_object';

/** Removes every object under `dir` whose write did not finish; answers how many. */
export async function dropUnfinishedObjects(dir: string): Promise<number> {
  let dropped = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!entry.endsWith(objectSuffix)) continue;
    const object = join(dir, entry);
    const metadata = `${object.slice(0, -'object'.length)}metadata.json`;
    if (await finished(object, metadata)) continue;
    for (const file of [object, `${object}.md5`, metadata]) await rm(file, { force: true });
    dropped++;
  }
  return dropped;
}

// The metadata is written last; the MD5, computed from the bytes sent, shows whether all of them arrived.
async function finished(object: string, metadata: string): Promise<boolean> {
  try {
    JSON.parse(await readFile(metadata, 'utf8'));
    const md5 = await readFile(`${object}.md5`, 'utf8');
    return (
      createHash('md5')
        .update(await readFile(object))
        .digest('hex') === md5
    );
  } catch {
    return false;
  }
}
