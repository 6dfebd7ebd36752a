import { describe, expect, it } from 'vitest';
import { didYouMean, nearest } from './suggest.ts';

describe('nearest', () => {
  const options = ['--wait', '--out', '--pin-file', '--json', '--json-fields', '--version'];

  it('finds what a typo meant: swapped, missing or extra letters, or the start of it', () => {
    expect(nearest('--wiat', options)).toBe('--wait');
    expect(nearest('--jsno', options)).toBe('--json');
    expect(nearest('--verison', options)).toBe('--version');
    expect(nearest('--pin', options)).toBe('--pin-file');
    expect(nearest('sumbit', ['submit', 'validate', 'status'])).toBe('submit');
  });

  it('suggests nothing for a word far from every one', () => {
    expect(nearest('--frobnicate', options)).toBeUndefined();
    expect(didYouMean('frobnicate', ['submit'], '; see steuerbote --help')).toBe('; see steuerbote --help');
  });
});
