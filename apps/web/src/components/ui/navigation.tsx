import {
  createContext,
  useContext,
  type ComponentPropsWithoutRef,
  type ComponentType,
} from 'react';

export type PageLinkProps = ComponentPropsWithoutRef<'a'> & { href: string };

function DocumentLink(props: PageLinkProps) {
  return <a {...props} />;
}

interface Navigation {
  /** The path of the page being shown, for the links that mark the current page. */
  path: string;
  /** How a link to another page of the shop is drawn. */
  Link: ComponentType<PageLinkProps>;
}

/**
 * How links move between pages, without this module importing a router: a page rendered on the
 * server (islands, docs/decisions/015) links with plain <a> and the browser loads the next
 * document; the single-page app provides its router's link for its own pages (app/layouts).
 */
const NavigationContext = createContext<Navigation>({ path: '/', Link: DocumentLink });

export const NavigationProvider = NavigationContext.Provider;

export function useCurrentPath(): string {
  return useContext(NavigationContext).path;
}

/** A link to a page of the shop: `href` is the shop's own path. */
export function PageLink(props: PageLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

export { DocumentLink };
