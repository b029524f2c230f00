/**
 * Loads `path` in place of the current page, as a redirect does: a full page load that replaces
 * the current history entry, so Back does not return to the page that sent the visitor on. For
 * the pages the server renders (docs/decisions/015), which have no router: the server serves the
 * target, as a document or as the single-page app. Its own module so the tests can stand in for
 * it (jsdom cannot load another page).
 */
export function replacePage(path: string): void {
  window.location.replace(path);
}
