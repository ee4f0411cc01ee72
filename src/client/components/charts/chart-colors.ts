/** A trend's line: the primary blue, 3:1 or more against the card in either theme. */
export const LINE_COLOR = "#2563eb";

/** A reference line's grey (what was prescribed): 3:1 or more against the card in either theme. */
export const REFERENCE_COLOR = "#8491a5";
