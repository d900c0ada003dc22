// What people type is shown to others (chat messages, nicknames) and checked against word lists.
// Both go through here: one cleaning for what is shown, one folding for what is compared, so no
// caller can check a word against text that differs from what readers will see.

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;

/**
 * Controls (newlines kept when `lines`) and format characters (\p{Cf}: zero-width spaces and
 * joiners, word joiners, the bidi overrides that show a name reversed, soft hyphens, BOMs), after
 * NFKC (full-width letters, compatibility forms). A zero-width joiner between two emoji stays:
 * it is what draws a family or a profession as one picture.
 */
export function visibleText(raw: string, opts: { lines?: boolean } = {}): string {
  const s = raw.normalize('NFKC');
  return s.replace(/[\p{Cc}\p{Cf}]/gu, (ch, at: number) => {
    if (ch === '\n' && opts.lines) return ch;
    if (ch === '\u200d') {
      const before = s.slice(Math.max(0, at - 2), at);
      const after = s.slice(at + 1, at + 3);
      if (PICTOGRAPH.test(before) && PICTOGRAPH.test(after)) return ch;
    }
    return '';
  });
}

// Everything that can sit between the letters of a word without changing how it reads: spaces,
// punctuation, symbols, combining marks left over after NFKC, and every default-ignorable code
// point (variation selectors, fillers, joiners).
const NOT_A_LETTER = /[\s\p{P}\p{S}\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form text and words are compared in: NFKC, lower case, nothing but letters and digits. So
 * 「代\u200b开」, 「代 开」, 「代.开」 and 「ＤＡＩ」 all read as the words they spell.
 */
export function foldForWords(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(NOT_A_LETTER, '');
}

/** The first of `words` that `text` contains once both are folded; null when none does. */
export function containsBlocked(text: string, words: readonly string[]): string | null {
  const t = foldForWords(text);
  for (const w of words) {
    const f = foldForWords(w);
    // A word of nothing but punctuation folds to nothing, and nothing is in every text.
    if (f && t.includes(f)) return w;
  }
  return null;
}
