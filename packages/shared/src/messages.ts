/** Every user-facing message of SPEC sections 5 and 8, spelled exactly as there. */
export const messages = {
  required: 'This field is required.',
  invalidEmail: 'Please give a valid email address.',
  invalidPassword:
    'Minimum six characters. (letter, at least one digit, at least one special character)',
  invalidName: 'Please give a valid name.',
  invalidPhone: 'Please give a valid phone number.',
  invalidAddress: 'Please give a valid address.',
  unavailableQuantity: 'Unavailable Quantity.',
  minimumQuantity: (n: number) => `Minimum ${n} Pieces Needed.`,
  noUserLoggedIn: 'No user is logged in.',

  emailSent: 'Email Sent!',
  orderPlaced: 'Order Place Successfully!',
  reviewAdded: 'Review Added Successfully!',
  informationSaved: 'Information Added/Updated Successfully!',
  productAdded: 'Product Added Successfully!',
  paymentCompletedInline: 'Payment Successfully Completed!',
  paymentCompletedToast: 'Payment Completed!',

  confirmCancelOrder: 'Are You Sure, You Want To Cancel The Order!',
  confirmDeleteProduct: 'Are You Sure, You Want To Delete The Product!',

  pageNotFound: 'PAGE NOT FOUND!',
  allRightReserved: 'All right reserved',

  /** Not in SPEC: the newsletter answers (see docs/decisions/002). */
  subscribed: 'Thank you! You are subscribed to our updates.',
  alreadySubscribed: 'You are already subscribed. Thank you!',
  /** Not in SPEC: free text with a control character (NUL, escape, ...) or a broken character. */
  unsafeText: 'Please remove control characters from this text.',
  /** Not in SPEC: a tab, line break or other control character in a field of one line. */
  oneLine: 'Please write this on one line, without tabs, line breaks or other control characters.',
  /** Not in SPEC: an image that is not an http(s) URL (a product's, or a person's picture). */
  invalidImageUrl: 'Please give an http(s) image URL.',
  /**
   * Not in SPEC (issue 28, docs/decisions/033): a login refused for its email or password, in
   * words instead of the provider's code. It names neither, so it tells no one which emails exist.
   */
  incorrectLogin: 'Incorrect email or password.',
} as const;
