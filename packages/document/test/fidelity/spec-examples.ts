import { createRequire } from 'node:module';
import type { SpecExample } from './commonmark.js';

const require = createRequire(import.meta.url);

/** The CommonMark specification's examples, from the `commonmark-spec` package. */
export function loadSpecExamples(): SpecExample[] {
  const spec: { tests: SpecExample[] } = require('commonmark-spec');
  return spec.tests.map(({ number, section, markdown }) => ({ number, section, markdown }));
}
