/** The results widget's sizes (开奖调用) and the iframe each is drawn for; `/embed/loader.js`
 * carries the same figures (a server test holds them equal). */
export const EMBED_FRAMES = {
  ticker: { width: '100%', height: 52 },
  card: { width: '360', height: 132 },
  countdown: { width: '360', height: 146 },
} as const;
export type EmbedSize = keyof typeof EMBED_FRAMES;
export const EMBED_SIZES = Object.keys(EMBED_FRAMES) as EmbedSize[];
