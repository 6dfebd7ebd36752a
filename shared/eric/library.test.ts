import { describe, expect, it } from 'vitest';
import { libraryVersion } from '#shared/eric/library.ts';

describe('libraryVersion', () => {
  const answer = (libraries: string) => `<?xml version="1.0"?><EricVersion xmlns="http://www.elster.de/EricXML/1.0/EricVersion">${libraries}</EricVersion>`;
  const library = (name: string, version: string) => `<Bibliothek><Name>${name}</Name><Produktversion>${version}</Produktversion></Bibliothek>`;

  it('reads the product version of libericapi among ERiC libraries', () => {
    expect(libraryVersion(answer(library('libericxerces.so', '3, 2, 0, 0') + library('libericapi.so', '41, 4, 6, 0')))).toBe('41.4.6.0');
    expect(libraryVersion(answer(library('libericapi.so', '43.4.6.0')))).toBe('43.4.6.0');
  });

  it('has none when the answer does not name one', () => {
    expect(libraryVersion(answer(library('libericxerces.so', '3, 2, 0, 0')))).toBeUndefined();
    expect(libraryVersion(answer(library('libericapi.so', 'unknown')))).toBeUndefined();
    expect(libraryVersion('')).toBeUndefined();
  });
});
