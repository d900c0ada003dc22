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
