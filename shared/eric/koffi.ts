// koffi, loaded on first use: its native addon is needed only where TAX_AUTHORITY=eric, and the
// functions that transmit import this code whichever tax authority they are configured for.

import { createRequire } from 'node:module';
import type Koffi from 'koffi';

let loaded: typeof Koffi | undefined;

export const koffi = (): typeof Koffi => (loaded ??= createRequire(import.meta.url)('koffi') as typeof Koffi);
