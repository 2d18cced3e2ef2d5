import { markdownToDocument } from '@quire/document';
import { describe, expect, it } from 'vitest';
import { withoutRepeatedTitle } from '../src/page-body.js';

describe('a page body under its title', () => {
  it('leaves out a first heading that repeats the title, and nothing else', () => {
    const body = markdownToDocument('# Install\n\nRun it.\n\n# Install\n');
    expect(withoutRepeatedTitle(body, 'Install').nodes.map((node) => node.type)).toEqual([
      'paragraph',
      'heading-1',
    ]);
    expect(withoutRepeatedTitle(body, 'Setup')).toBe(body);
    const second = markdownToDocument('## Install\n\nRun it.\n');
    expect(withoutRepeatedTitle(second, 'Install')).toBe(second);
  });
});
