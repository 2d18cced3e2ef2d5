import type { Code } from 'mdast';
import { createText } from '../model/marks.js';
import type { CodeBlock, CodeLineBlock } from '../types.js';

/** Reads a code block; `{% code %}` attributes are added by the container reader. */
export function readCode(node: Code): CodeBlock {
  const data: NonNullable<CodeBlock['data']> = {};
  if (node.lang) data.syntax = node.lang;
  if (node.meta) data.meta = node.meta;
  const nodes = node.value
    .split('\n')
    .map(
      (line): CodeLineBlock => ({ object: 'block', type: 'code-line', nodes: [createText(line)] }),
    );
  return Object.keys(data).length > 0
    ? { object: 'block', type: 'code', data, nodes }
    : { object: 'block', type: 'code', nodes };
}
