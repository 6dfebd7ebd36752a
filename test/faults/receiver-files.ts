import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Files the example receiver stored under `{ticket}/`, per ticket (its delivery markers aside). */
export async function receivedFiles(root: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    counts.set(entry.name, (await readdir(join(root, entry.name), { recursive: true })).length);
  }
  return counts;
}
