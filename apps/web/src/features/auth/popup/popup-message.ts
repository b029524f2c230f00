/** Where Better Auth sends the popup back to, after success and after failure alike. */
export const POPUP_COMPLETE_PATH = '/auth/popup-complete';

export const POPUP_MESSAGE_TYPE = 'shop:google-sign-in';

/** What /auth/popup-complete posts to the window that opened it. */
export interface PopupMessage {
  type: typeof POPUP_MESSAGE_TYPE;
  ok: boolean;
  /** Better Auth's error code from the ?error= of the callback, when ok is false. */
  error?: string;
}

export function isPopupMessage(data: unknown): data is PopupMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<PopupMessage>;
  return message.type === POPUP_MESSAGE_TYPE && typeof message.ok === 'boolean';
}
