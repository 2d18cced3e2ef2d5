import { invalid, shorten } from '../../errors.js';

// One emoji as Unicode recommends them for general interchange: single pictographs, keycaps,
// flags, skin tones and ZWJ sequences; words, letters and several emoji in one string are not.
// biome-ignore lint/complexity/useRegexLiterals: the `v` flag is newer than the compiler's target (ES2023), though Node 20 has it.
const oneEmoji = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** What a write does to the caller's reactions. */
export interface ReactionChanges {
  added: readonly string[];
  removed: readonly string[];
}

/** The reaction changes of a request, each emoji checked (400 naming the field otherwise). */
export function reactionChangesOf(input: {
  addedReactions?: readonly string[] | undefined;
  removedReactions?: readonly string[] | undefined;
}): ReactionChanges {
  const check = (list: readonly string[] | undefined, field: string) => {
    for (const [index, emoji] of (list ?? []).entries()) {
      if (!oneEmoji.test(emoji)) {
        throw invalid(`body.${field}.${index} is not an emoji: ${shorten(emoji, 20)}`);
      }
    }
    return list ?? [];
  };
  return {
    added: check(input.addedReactions, 'addedReactions'),
    removed: check(input.removedReactions, 'removedReactions'),
  };
}

/** What an event says about reaction changes: only the lists that are not empty. */
export function reactionPayload({ added, removed }: ReactionChanges): Record<string, unknown> {
  return {
    ...(added.length === 0 ? {} : { addedReactions: added }),
    ...(removed.length === 0 ? {} : { removedReactions: removed }),
  };
}
