/** Limits the server enforces and the forms announce, so the two cannot drift apart. */

export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
/** Files one upload through the plain form (the admin page without JavaScript) may carry. */
export const MAX_FORM_FILES = 50;
/** Pixels of the largest photo accepted (its width × height), in every image a file holds. */
export const MAX_PIXELS = 100_000_000;
