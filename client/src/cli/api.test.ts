import { describe, expect, it } from 'vitest';
import { methodAndPath } from './api.ts';

describe('methodAndPath', () => {
  it('takes GET when no method is named, and puts the path under /v2', () => {
    expect(methodAndPath(['GET', '/v2/version'])).toEqual({ method: 'GET', path: '/v2/version' });
    expect(methodAndPath(['version'])).toEqual({ method: 'GET', path: '/v2/version' });
    expect(methodAndPath(['delete', 'certificates/crt_1'])).toEqual({ method: 'DELETE', path: '/v2/certificates/crt_1' });
  });

  it('says how it is called when the words do not fit', () => {
    expect(() => methodAndPath([])).toThrow('api takes a method and a path');
    expect(() => methodAndPath(['/v2/version', 'extra'])).toThrow('api takes a method and a path');
  });
});
