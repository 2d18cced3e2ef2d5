import { describe, expect, it } from 'vitest';
import { safeUrl } from '../src/index.js';

describe('safeUrl', () => {
  it('allows http(s), mailto, relative and fragment URLs', () => {
    for (const url of [
      'https://a.example/x',
      'HTTP://a.example',
      'mailto:a@b.c',
      '../x.png',
      '/docs',
      '#top',
      '//cdn.example/x',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('refuses other schemes and URLs hiding one behind control characters', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(safeUrl(url)).toBeUndefined();
    }
  });
});
