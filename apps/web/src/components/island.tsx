import {
  createContext,
  createElement,
  useContext,
  type ComponentType,
  type ReactElement,
} from 'react';

/**
 * When an island's code runs in the browser (docs/decisions/015):
 * - `load`: as soon as the page's script runs (the navbar: it shows who is signed in);
 * - `visible`: as the island comes within 400 px of the viewport (forms below the fold);
 * - `idle`: once the browser has nothing else to do.
 */
export type Hydrate = 'load' | 'visible' | 'idle';

/**
 * Renders an island to HTML as a root of its own, set only while the server renders a page of
 * islands (the single-page app never sets it, so its bundle carries no server renderer). Its own
 * root, because the browser hydrates each island as one: ids from useId then agree on both sides.
 */
export type RenderIsland = (name: string, island: ReactElement) => string;
const ServerIslandsContext = createContext<RenderIsland | null>(null);
export const ServerIslandsProvider = ServerIslandsContext.Provider;

interface IslandProps<P extends object> {
  /** Its name in the page's island table (app/islands.ts), which loads its code in the browser. */
  name: string;
  component: ComponentType<P>;
  props: P;
  hydrate?: Hydrate;
}

/**
 * An interactive part of a page rendered on the server. On the server it is rendered inside a
 * marked wrapper that carries its name and props (JSON), and the browser hydrates only these
 * wrappers: the rest of the page stays the HTML it arrived as, with no JavaScript behind it. In
 * the single-page app it is just the component. Props must survive JSON. Islands do not nest.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'load',
}: IslandProps<P>) {
  const renderIsland = useContext(ServerIslandsContext);
  if (!renderIsland) return <Component {...props} />;
  return (
    <div
      data-island={name}
      data-hydrate={hydrate}
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: renderIsland(name, createElement(Component, props)) }}
    />
  );
}
