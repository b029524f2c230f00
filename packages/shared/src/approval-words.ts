// Plain strings, no zod: the Buy Now page's first load imports them (the bundle budget).

/**
 * What the Buy Now page and the cart say, and what their button says, when a purchase will wait
 * for approval (issue 28): the same words in both places.
 */
export const APPROVAL_WORDS = {
  notice: 'This purchase needs approval by your company',
  button: 'Submit for approval',
} as const;
