import { POPUP_HEIGHT, POPUP_WIDTH } from '@shop/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '../../../lib/auth-client';
import { POPUP_MESSAGE_TYPE } from './popup-message';
import {
  CANCELLED_POPUP_REQUEST,
  POPUP_BLOCKED,
  POPUP_CLOSED_BY_USER,
  POPUP_POLL_MS,
  signInWithPopup,
} from './sign-in-popup';

const PROVIDER_URL = 'https://accounts.example.com/authorize?client_id=shop';

/** Just what the opener uses of a popup window. */
class FakePopup {
  closed = false;
  location = { href: 'about:blank' };
  close = vi.fn(() => {
    this.closed = true;
  });
}

function stubWindowOpen() {
  const popups: FakePopup[] = [];
  const open = vi.fn(() => {
    const popup = new FakePopup();
    popups.push(popup);
    return popup as unknown as Window;
  });
  vi.stubGlobal('open', open);
  return { open, popups };
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the sign-in to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe('signInWithPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a 500 x 600 window at once and sends it to the provider once the URL is known', async () => {
    const { open, popups } = stubWindowOpen();
    const getUrl = vi.fn(() => Promise.resolve(PROVIDER_URL));

    const result = signInWithPopup(getUrl);

    // Synchronously, while the browser still counts the click.
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe('about:blank');
    expect(name).toMatch(/^google-sign-in/);
    expect(features).toContain(`width=${POPUP_WIDTH}`);
    expect(features).toContain(`height=${POPUP_HEIGHT}`);

    await vi.advanceTimersByTimeAsync(0);
    expect(popups[0]?.location.href).toBe(PROVIDER_URL);

    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: true });
    await expect(result).resolves.toBeUndefined();
  });

  it('ignores messages from another origin or of another kind', async () => {
    const { popups } = stubWindowOpen();
    const result = signInWithPopup(() => Promise.resolve(PROVIDER_URL));
    let settled = false;
    void result.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(0);

    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: true }, 'https://evil.example');
    postFromPopup({ type: 'something-else', ok: true });
    postFromPopup('ok');
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    expect(settled).toBe(false);

    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: true });
    await expect(result).resolves.toBeUndefined();
    expect(popups[0]?.closed).toBe(true);
  });

  it("fails with the provider's code when the popup reports an error", async () => {
    stubWindowOpen();
    const result = signInWithPopup(() => Promise.resolve(PROVIDER_URL));
    await vi.advanceTimersByTimeAsync(0);

    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: false, error: 'access_denied' });

    expect((await rejection(result)).code).toBe('access_denied');
  });

  it('fails with POPUP_CLOSED_BY_USER when the popup is closed before it reports', async () => {
    const { popups } = stubWindowOpen();
    const result = signInWithPopup(() => Promise.resolve(PROVIDER_URL));
    const failed = rejection(result);
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);

    popups[0]!.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS * 2);

    expect((await failed).code).toBe(POPUP_CLOSED_BY_USER);
  });

  it('still takes a success posted just before the popup closed itself', async () => {
    const { popups } = stubWindowOpen();
    const result = signInWithPopup(() => Promise.resolve(PROVIDER_URL));
    await vi.advanceTimersByTimeAsync(0);

    popups[0]!.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: true });

    await expect(result).resolves.toBeUndefined();
  });

  it('cancels a pending popup with CANCELLED_POPUP_REQUEST when a new one starts', async () => {
    const { popups } = stubWindowOpen();
    const first = rejection(signInWithPopup(() => Promise.resolve(PROVIDER_URL)));
    await vi.advanceTimersByTimeAsync(0);

    const second = signInWithPopup(() => Promise.resolve(PROVIDER_URL));

    expect((await first).code).toBe(CANCELLED_POPUP_REQUEST);
    expect(popups[0]?.close).toHaveBeenCalled();
    expect(popups).toHaveLength(2);
    expect(popups[1]?.closed).toBe(false);

    await vi.advanceTimersByTimeAsync(0);
    postFromPopup({ type: POPUP_MESSAGE_TYPE, ok: true });
    await expect(second).resolves.toBeUndefined();
  });

  it('fails with POPUP_BLOCKED when the browser refuses the window', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    expect((await rejection(signInWithPopup(() => Promise.resolve(PROVIDER_URL)))).code).toBe(
      POPUP_BLOCKED,
    );
  });

  it('closes the popup and fails with the code when the URL cannot be had', async () => {
    const { popups } = stubWindowOpen();
    const result = signInWithPopup(() => Promise.reject(new AuthError('TOO_MANY_REQUESTS')));

    expect((await rejection(result)).code).toBe('TOO_MANY_REQUESTS');
    expect(popups[0]?.closed).toBe(true);
  });
});
