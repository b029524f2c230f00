import { POPUP_HEIGHT, POPUP_WIDTH } from '@shop/shared';
import { AuthError, toAuthError } from '../../../lib/auth-client';
import { isPopupMessage } from './popup-message';

export const POPUP_NAME = 'google-sign-in';
/** How often the opener checks whether the user closed the popup. */
export const POPUP_POLL_MS = 300;

/** SPEC section 4: a pending popup sign-in ends when the user closes it or a new one starts. */
export const POPUP_CLOSED_BY_USER = 'POPUP_CLOSED_BY_USER';
export const CANCELLED_POPUP_REQUEST = 'CANCELLED_POPUP_REQUEST';
export const POPUP_BLOCKED = 'POPUP_BLOCKED';

interface PendingPopup {
  /** Ends the attempt with CANCELLED_POPUP_REQUEST and closes its window. */
  cancel: () => void;
}

let pending: PendingPopup | null = null;
/**
 * Each attempt gets its own window name: with one fixed name a new popup could land in the old
 * window while that one is still closing, and vanish with it.
 */
let popupCount = 0;

/** Centred over the shop's window, 500 x 600 (SPEC section 9). */
function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Signs in through a popup: opens it at once, then points it at the provider's URL once
 * `getUrl` has it. It must be called straight from the click handler: browsers allow a popup
 * only while they still see the click, so the window opens before the first await. Resolves
 * when /auth/popup-complete reports success from this origin; rejects with an AuthError.
 */
export function signInWithPopup(getUrl: () => Promise<string>): Promise<void> {
  pending?.cancel();
  popupCount += 1;
  const popup = window.open('about:blank', `${POPUP_NAME}-${popupCount}`, popupFeatures());
  if (!popup) {
    return Promise.reject(
      new AuthError(POPUP_BLOCKED, 'The browser blocked the sign-in window. Please allow popups.'),
    );
  }

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let closedSeen = false;

    const finish = (error: AuthError | null, closeWindow: boolean) => {
      if (settled) return;
      settled = true;
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      if (pending === attempt) pending = null;
      if (closeWindow && !popup.closed) popup.close();
      if (error) reject(error);
      else resolve();
    };

    const onMessage = (event: MessageEvent) => {
      // Only our own /auth/popup-complete page may end the sign-in.
      if (event.origin !== window.location.origin || !isPopupMessage(event.data)) return;
      const { ok, error } = event.data;
      finish(ok ? null : new AuthError(error || 'GOOGLE_SIGN_IN_FAILED'), true);
    };

    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      // The completion page posts its message just before it closes itself: wait one more
      // tick, so a message still on its way is not mistaken for the user closing the window.
      if (closedSeen) {
        finish(new AuthError(POPUP_CLOSED_BY_USER, 'The sign-in window was closed.'), false);
      }
      closedSeen = true;
    }, POPUP_POLL_MS);

    const attempt: PendingPopup = {
      cancel: () =>
        finish(
          new AuthError(CANCELLED_POPUP_REQUEST, 'A new sign-in window replaced this one.'),
          true,
        ),
    };
    pending = attempt;
    window.addEventListener('message', onMessage);

    getUrl().then(
      (url) => {
        if (!settled) popup.location.href = url;
      },
      (cause: unknown) => finish(toAuthError(cause), true),
    );
  });
}
