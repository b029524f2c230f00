import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { LoadBoundary } from './load-boundary';
import styles from './near-viewport.module.css';

/** The widths the placeholder's height may change at (BREAKPOINTS in @shop/shared). */
type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type MinHeight = number | Partial<Record<Breakpoint, number>>;

/** How far ahead of the viewport content starts loading: a fast scroll rarely sees a placeholder. */
export const NEAR_VIEWPORT_MARGIN = '400px';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on. Without
 * IntersectionObserver (jsdom, very old browsers) it turns true at once. It starts false on the
 * server and in the first browser render alike, so a page rendered at build time hydrates cleanly.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  rootMargin = NEAR_VIEWPORT_MARGIN,
): boolean {
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const reached = () => setNear(true);
    if (typeof IntersectionObserver === 'undefined') {
      reached();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, rootMargin]);

  return near;
}

interface NearViewportProps {
  /** Usually a lazily loaded component: its code is fetched when it is about to be seen. */
  children: ReactNode;
  /**
   * The height the content will take, roughly, per breakpoint: the placeholder holds that room
   * so nothing below moves when the content arrives.
   */
  minHeight: MinHeight;
}

/**
 * Renders its children once they come near the viewport (the first-load budget: the first load
 * of a page carries only what is seen before the visitor scrolls). Until then, and while their code
 * loads, an empty placeholder of about their height stands in.
 */
export function NearViewport({ children, minHeight }: NearViewportProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  useReservedHeight(ref, minHeight);
  const placeholder = <div aria-busy="true" className={styles.reserved} />;
  const failed = (
    <p className={`${styles.reserved} ${styles.failed}`}>
      This part of the page could not be loaded. Please check your connection and reload the page.
    </p>
  );
  return (
    <div ref={ref}>
      {near ? (
        <LoadBoundary fallback={failed}>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </LoadBoundary>
      ) : (
        placeholder
      )}
    </div>
  );
}

/**
 * Hands the heights to the stylesheet as custom properties (--reserve-xs...), set through the
 * CSSOM: a style attribute in the HTML would need 'unsafe-inline' in the Content-Security-Policy.
 */
function useReservedHeight(ref: RefObject<HTMLElement | null>, minHeight: MinHeight) {
  const heights = typeof minHeight === 'number' ? { xs: minHeight } : minHeight;
  const key = JSON.stringify(heights);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [breakpoint, px] of Object.entries(JSON.parse(key) as Record<string, number>)) {
      element.style.setProperty(`--reserve-${breakpoint}`, `${px}px`);
    }
  }, [ref, key]);
}
