import { SUCCESS_TOAST_MS } from '@shop/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { PageLink } from './navigation';
import styles from './toast.module.css';

/*
 * react-toastify, with its styles, is not part of the first load (bundle-budget.spec.ts): every
 * toast follows something a person did, so the library loads at their first click or key press,
 * or with the first toast at the latest. A toast asked for while it loads waits in react-toastify's
 * own queue until the container is mounted.
 */
type Toastify = typeof import('./toast-container');

let loaded: Toastify | null = null;
let loading: Promise<Toastify> | null = null;
const listeners = new Set<() => void>();

function loadToastify(): Promise<Toastify> {
  loading ??= import('./toast-container').then(
    (module) => {
      loaded = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      // Offline, say: the next toast tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

const withToast = (show: (module: Toastify) => void) => {
  // A library that cannot be loaded cannot show the toast either; the page carries on.
  loadToastify().then(show, () => undefined);
};

/** SPEC section 9: toasts sit top-centre; success closes after 1.5 s, everything else after 5 s. */
export const notify = {
  success: (message: string) =>
    withToast(({ toast }) => toast.success(message, { autoClose: SUCCESS_TOAST_MS })),
  /**
   * A success that offers where to go next ("Added to cart" - View cart). It stays the 5 s of
   * every other toast, not 1.5 s: a link needs the time to be reached and pressed.
   */
  successWithLink: (message: string, link: { href: string; label: string }) =>
    withToast(({ toast }) =>
      toast.success(
        <span>
          {message}{' '}
          <PageLink href={link.href} className={styles.link}>
            {link.label}
          </PageLink>
        </span>,
      ),
    ),
  info: (message: string) => withToast(({ toast }) => toast.info(message)),
  /** A `toastId` keeps one toast per message on screen while a burst of changes repeats it. */
  error: (message: string, options: { toastId?: string } = {}) =>
    withToast(({ toast }) => toast.error(message, options)),
  /** Nothing to close while no toast has been asked for. */
  dismiss: (toastId: string) => {
    if (loading) withToast(({ toast }) => toast.dismiss(toastId));
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLoaded = () => loaded;
const FIRST_ACTS = ['pointerdown', 'keydown'] as const;

/**
 * The AppToastContainers mounted, in the order they mounted: only the first draws react-toastify's
 * container. Two would share the library's one default container id: the later replaces the
 * earlier, and the first to unmount takes the other's toasts with it. A page the server renders
 * has one in each island that shows toasts (no app is around them), the single-page app one for
 * all its pages; when the app renders such a page itself (in development and in the component
 * tests), both are there.
 */
const mounted: symbol[] = [];
const getFirstMounted = () => mounted[0] ?? null;

export function AppToastContainer() {
  const [id] = useState(() => Symbol('AppToastContainer'));
  const toastify = useSyncExternalStore(subscribe, getLoaded, () => null);
  const first = useSyncExternalStore(subscribe, getFirstMounted, () => null) === id;

  useEffect(() => {
    mounted.push(id);
    listeners.forEach((listener) => listener());
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
      listeners.forEach((listener) => listener());
    };
  }, [id]);

  useEffect(() => {
    if (toastify) return;
    const preload = () => withToast(() => undefined);
    for (const type of FIRST_ACTS) window.addEventListener(type, preload, { capture: true });
    return () => {
      for (const type of FIRST_ACTS) window.removeEventListener(type, preload, { capture: true });
    };
  }, [toastify]);

  return first && toastify ? <toastify.ShopToastContainer /> : null;
}
