/** Page sizes of the lists the web app reads a page at a time (the API's defaults agree). */
export const NEWS_PAGE_SIZE = 10;
export const GALLERY_PAGE_SIZE = 12;
export const HISTORY_PAGE_SIZE = 20;
/** Rows one CSV export of the draw API holds at most: a whole year of the 5-minute game fits. */
export const EXPORT_MAX_ROWS = 110_000;
