/**
 * Web addresses as they appear in running text: one definition for the word counter (an address is one
 * word) and for the rewriter and its checker (an address is returned verbatim).
 */

/** `http://`, `https://` or `www.` up to the next space, quote or angle bracket, without trailing punctuation. */
export const URL = /(?:https?:\/\/|www\.)[^\s<>"'“”]*[^\s<>"'“”.,;:!?)\]]/gu;

export const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
