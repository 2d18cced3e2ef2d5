// Scripts written without spaces between words: no tokenizer can find their words, so their
// text is indexed as overlapping pairs of characters, and any run of two or more characters is
// found as the phrase of its pairs.
const unsegmented =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;
const wordCharacters = /[\p{L}\p{N}\p{M}]+/gu;
const wordLimit = 100;

function pairsOf(run: string): string[] {
  const characters = [...run];
  if (characters.length < 2) return characters;
  return characters.slice(1).map((character, index) => `${characters[index]}${character}`);
}

/**
 * The text a full-text index stores for `text`: the same words, with each run of an
 * unsegmented script replaced by its overlapping character pairs.
 * @example indexableText('API 数据库'); // 'API  数据 据库 '
 */
export function indexableText(text: string): string {
  return text.replace(unsegmented, (run) => ` ${pairsOf(run).join(' ')} `);
}

/** One term of a search: words that must follow one another, the last maybe as a prefix. */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}

/**
 * Reads search input as data: only letters, marks and digits count, everything else (quotes,
 * operators, punctuation) separates words. Latin words are whole words except the last, which
 * is also a prefix; a run of an unsegmented script is the phrase of its character pairs.
 * @example searchTerms('"install" OR 数据库'); // [{words:['install']}, {words:['or']}, {words:['数据','据库']}]
 */
export function searchTerms(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const [whole] of query.normalize('NFC').matchAll(wordCharacters)) {
    // No indexed word is longer; PostgreSQL refuses query words past 2,047 bytes.
    const word = [...whole].slice(0, wordLimit).join('');
    let rest = 0;
    for (const match of word.matchAll(unsegmented)) {
      const before = word.slice(rest, match.index);
      if (before !== '') terms.push({ words: [before.toLowerCase()], prefix: false });
      const pairs = pairsOf(match[0]);
      terms.push({ words: pairs, prefix: pairs.length === 1 });
      rest = match.index + match[0].length;
    }
    const after = word.slice(rest);
    if (after !== '') terms.push({ words: [after.toLowerCase()], prefix: false });
  }
  const last = terms.at(-1);
  if (last !== undefined && last.words.length === 1) last.prefix = true;
  // Bounded: a 512-character query can't become a query the index takes long to answer.
  return terms.slice(0, 32);
}
