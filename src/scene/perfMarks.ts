/** Names of the performance marks the page sets for the benchmarks (kept apart so Node can import them). */

/** Set once, when the first frame with the table and its miniatures has been drawn: time to first render. */
export const FIRST_TABLE_FRAME = 'tricorne-first-table-frame';
