import {
  ELEMENTS,
  ELEMENT_WIRE,
  ELEMENT_ZH,
  type Element,
  type FiveElementsRecord,
} from '@kaijiang/domain';

export interface ElementRow {
  element: Element;
  label: string;
  numbers: number[];
}

/** One row per element, always in the order 金 木 水 火 土, whatever order the file uses. */
export function fiveElementsRows(record: FiveElementsRecord): ElementRow[] {
  return ELEMENTS.map((element) => {
    const item = record.data.find((d) => d.element === ELEMENT_WIRE[element]);
    return {
      element,
      label: ELEMENT_ZH[element],
      numbers: [...(item?.values ?? [])].sort((a, b) => a - b),
    };
  });
}
