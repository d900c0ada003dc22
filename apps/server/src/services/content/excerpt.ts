// A news item's summary when its editor wrote none: its opening text, tables left out (a table's
// cells run together read as nonsense), cut where a sentence or phrase ends, with an ellipsis.
import { plainLine } from './sanitize.ts';

export const SUMMARY_CHARS = 80;

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/** The text of an HTML fragment on one line. */
export function textOf(html: string): string {
  return plainLine(
    html.replace(/<[^>]*>/g, ' ').replace(/&(nbsp|lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e),
  );
}

/** Where a cut reads as whole: after a punctuation mark, or at a space between words. */
const BREAK_AFTER = /[，。；：！？、,.;:!?）)」』”]/;

/** At most `max` characters of `text` that end on a whole phrase, with `…` when cut short. */
export function cutWhole(text: string, max = SUMMARY_CHARS): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const room = chars.slice(0, max - 1);
  // The last break in the second half of the room; else the last space; else the room itself.
  let end = -1;
  for (let i = room.length - 1; i >= room.length / 2 && end < 0; i--) {
    if (BREAK_AFTER.test(room[i]!)) end = i + 1;
  }
  if (end < 0) {
    const space = room.lastIndexOf(' ');
    end = space > room.length / 2 ? space : room.length;
  }
  return `${room
    .slice(0, end)
    .join('')
    .replace(/[\s，、,;；:：]+$/u, '')}…`;
}

export function excerptOf(html: string, max = SUMMARY_CHARS): string {
  return cutWhole(textOf(html.replace(/<table[\s\S]*?<\/table>/gi, ' ')), max);
}

/**
 * A summary made by the older rule (the first 80 characters, cut wherever they ended): ended on a
 * whole phrase now. One an editor wrote is shorter, or ends as they ended it.
 */
export function repairedSummary(summary: string): string {
  const chars = [...summary];
  if (chars.length !== SUMMARY_CHARS || BREAK_AFTER.test(chars.at(-1)!)) return summary;
  return cutWhole(summary, SUMMARY_CHARS - 1);
}
