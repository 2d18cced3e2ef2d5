import { markdownLineEnding, markdownSpace } from 'micromark-util-character';
import type { Code, Construct, Effects, Extension, State } from 'micromark-util-types';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    liquidTag: 'liquidTag';
  }
}

const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;
const PERCENT = 37;

/**
 * A GitBook tag line (`{% hint style="info" %}`) as a flow construct. It can interrupt a
 * paragraph and ends lazy continuation, so `{% endhint %}` right after a paragraph or list
 * closes the hint the way GitBook's editor wrote it, without blank lines around tags.
 */
const liquidTagConstruct: Construct = {
  name: 'liquidTag',
  tokenize: tokenizeLiquidTag,
};

function tokenizeLiquidTag(effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    if (code !== LEFT_BRACE) return nok(code);
    effects.enter('liquidTag');
    effects.consume(code);
    return open;
  }

  function open(code: Code): State | undefined {
    if (code !== PERCENT) return nok(code);
    effects.consume(code);
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) return nok(code);
    effects.consume(code);
    return code === PERCENT ? percent : inside;
  }

  function percent(code: Code): State | undefined {
    if (code === RIGHT_BRACE) {
      effects.consume(code);
      return after;
    }
    return inside(code);
  }

  function after(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) {
      effects.exit('liquidTag');
      return ok(code);
    }
    if (markdownSpace(code)) {
      effects.consume(code);
      return after;
    }
    // `{% a %} text` is running text, not a tag line.
    return inside(code);
  }
}

/** micromark syntax extension recognising GitBook tag lines. */
export function liquidTagSyntax(): Extension {
  return { flow: { [LEFT_BRACE]: liquidTagConstruct } };
}
