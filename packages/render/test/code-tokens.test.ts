import { describe, expect, it } from 'vitest';
import { highlightCodeTokens } from '../src/index.js';

describe('highlightCodeTokens', () => {
  it('answers the lines of code as tokens with the theme colours', async () => {
    const lines = await highlightCodeTokens('const answer = 42;\n// done', 'ts');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.map((token) => token.content).join(''))).toEqual([
      'const answer = 42;',
      '// done',
    ]);
    const keyword = lines[0]?.find((token) => token.content === 'const');
    expect(keyword?.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(lines[1]?.[0]?.color).not.toBe(keyword?.color);
  });

  it('reads an alias as its language, and anything else as plain text', async () => {
    const shell = await highlightCodeTokens('echo hi', 'sh');
    expect(shell[0]?.length).toBeGreaterThan(1);
    expect(await highlightCodeTokens('a\nb', 'no-such-language')).toEqual([
      [{ content: 'a' }],
      [{ content: 'b' }],
    ]);
  });

  it('takes another theme', async () => {
    const [[dark] = []] = await highlightCodeTokens('const', 'ts', 'github-dark');
    const [[light] = []] = await highlightCodeTokens('const', 'ts');
    expect(dark?.color).not.toBe(light?.color);
  });
});
