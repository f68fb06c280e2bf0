/**
 * The id of the catalogue's window opened before its island (shared/details-at-once.ts). In a
 * file of its own: the island needs the id, not the inline script's text.
 */
export const DETAILS_DIALOG_ID = 'details-tot';
