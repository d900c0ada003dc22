// opencc-js ships types for its converter (./core) but not for its per-locale dictionaries.
declare module 'opencc-js/from/cn' {
  import type { DictGroup } from 'opencc-js/core';
  const groups: readonly DictGroup[];
  export default groups;
}
declare module 'opencc-js/to/tw' {
  import type { DictGroup } from 'opencc-js/core';
  const groups: readonly DictGroup[];
  export default groups;
}
declare module 'opencc-js/dict/STCharacters' {
  /** "简 繁|…": opencc-js's Simplified→Traditional character table. */
  const table: string;
  export default table;
}
/** The phrases of opencc-js's table the 繁 layer needs (build/opencc-phrases.ts), "简 繁|…". */
declare module 'virtual:kj-st-phrases' {
  const table: string;
  export default table;
}
