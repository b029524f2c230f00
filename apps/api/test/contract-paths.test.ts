import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, DOCUMENT_PAGES, listEndpoints, SITE_FILE_PREFIXES } from '@shop/shared';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A path typed twice drifts: every caller of the API (web app, server, API tests, end-to-end
 * tests, scripts) takes method and path from the contracts in packages/shared/src/api. This test
 * reads every string literal of apps/, e2e/ and scripts/ and fails, naming file and line, on one
 * that is an API path. What counts as one is derived from the contracts, never listed here:
 * - `/api` itself, or a path under it, at the start of a literal, after a URL's host
 *   (`http://127.0.0.1:3000/api/items`), after a `${...}`, after a glob's `*` or after a
 *   method (`GET /api/items`); patterns (`/^\/api\/items$/`) are read as the path they match;
 * - a contract's own path in the same places: a path without parameters exactly (`/items`, also
 *   with a query or a `${...}` right after it), a path with parameters by its part before the
 *   first one (`/item/` of `/item/{id}`), unless a server-rendered web page has that same part
 *   (`/purchase/` of SPEC's page `/purchase/{id}`, or the whole of SPEC's page `/products`
 *   and DESIGN's GET /api/products), or files the site serves (`/uploads/`): there only
 *   `/api/...` counts.
 * Not counted: module specifiers (`import ... from '../api/x.js'`); tests' titles, which are
 * prose like comments (`it('ships an order with PUT /shipping/{id}')`); a web page's route that
 * merely looks alike where a person opens it (`page.goto`, `toHaveURL`, a `Link`'s `to`), since
 * those are the web app's routes and not the API's; and a literal whose line, or the comment
 * before its statement, says `raw-api-path:` and why, for the rare test whose point is a string
 * the contracts cannot build (an address Better Auth makes up and serves, a malformed escape).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['apps', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
]);
const EXTENSIONS = /\.(ts|tsx|mts|mjs)$/;
/** Stands for a template literal's `${...}` in the text that is matched. */
const HOLE = '\u0000';
const MARKER = /raw-api-path:\s*\S/;
/** Test runners' functions, whose first argument is a test's title: prose, like a comment. */
const TEST_TITLES = new Set(['describe', 'it', 'test', 'bench']);
/** Calls and JSX attributes whose string is a page of the web app opened as a person would. */
const WEB_NAVIGATION = new Set(['goto', 'toHaveURL', 'waitForURL', 'navigate', 'to', 'href']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return EXTENSIONS.test(entry.name) ? [full] : [];
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The API-path patterns, built from `API_PREFIX` and every contract's path. */
function apiPathPattern(): RegExp {
  const after = `(?:^|${HOLE}|\\*|^[a-z][a-z0-9+.-]*://[^/\\s${HOLE}]*|\\b(?:GET|POST|PUT|DELETE|PATCH) )`;
  const paths = new Set<string>();
  for (const { endpoint } of listEndpoints()) {
    const open = endpoint.path.indexOf('{');
    paths.add(open === -1 ? endpoint.path : endpoint.path.slice(0, open));
  }
  // A web page whose route the API shares without its prefix (SPEC's page /purchase/{id} and
  // DESIGN's GET /api/purchase/{id}): there, only a literal with the /api prefix is the API's.
  for (const page of DOCUMENT_PAGES) {
    const open = page.indexOf(':');
    paths.delete(open === -1 ? page : page.slice(0, open));
  }
  // Likewise the files the site serves under a path the API shares (GET /uploads/x.webp, the
  // picture POST /api/uploads stored).
  for (const prefix of SITE_FILE_PREFIXES) paths.delete(prefix.replace(/\/$/, ''));
  const alternatives = [...paths].map((path) =>
    // A prefix that ends in `/` is followed by a parameter; a whole path ends where it ends.
    path.endsWith('/') ? `${escape(path)}.` : `${escape(path)}(?=$|[/?#${HOLE}])`,
  );
  const prefix = escape(API_PREFIX);
  return new RegExp(`${after}(?:${prefix}(?=$|[/?#${HOLE}])|${alternatives.join('|')})`);
}

interface Literal {
  text: string;
  node: ts.Node;
}

/** The text of every string, template and pattern literal, `${...}` replaced by HOLE. */
function literalsOf(file: ts.SourceFile): Literal[] {
  const found: Literal[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isPropertyAccessExpression(node.expression) &&
          ['mock', 'doMock', 'importActual'].includes(node.expression.name.text)))
    ) {
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, node });
    } else if (ts.isRegularExpressionLiteral(node)) {
      // The path a pattern matches: `/^\/api\/items$/` is `/api/items`.
      const source = node.text.slice(1, node.text.lastIndexOf('/'));
      found.push({ text: source.replace(/^\^/, '').replaceAll('\\/', '/'), node });
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join('');
      found.push({ text, node });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether the literal is a web page's route where a person opens it. */
function isWebNavigation(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isJsxAttribute(parent)) return WEB_NAVIGATION.has(parent.name.getText());
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return WEB_NAVIGATION.has(parent.parent.name.getText());
  }
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== node) return false;
  const callee = parent.expression;
  const name = ts.isPropertyAccessExpression(callee)
    ? callee.name.text
    : ts.isIdentifier(callee)
      ? callee.text
      : '';
  return WEB_NAVIGATION.has(name);
}

/** The identifier a call chain starts from: `it` of `it.each([...])('...')`. */
function rootName(expression: ts.Expression): string {
  let node: ts.Expression = expression;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) node = node.expression;
  return ts.isIdentifier(node) ? node.text : '';
}

/** Whether the literal is a test's title (`it('ships with PUT /shipping/{id}', ...)`). */
function isTestTitle(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isCallExpression(parent) &&
    parent.arguments[0] === node &&
    TEST_TITLES.has(rootName(parent.expression))
  );
}

/**
 * Whether the marker is in a comment on the literal's line, or in the comments before the
 * statement (or the list element, or the property) that holds the literal.
 */
function hasMarker(file: ts.SourceFile, lines: string[], node: ts.Node): boolean {
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  if (MARKER.test(lines[line] ?? '')) return true;
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    const comments = ts.getLeadingCommentRanges(file.text, at.getFullStart()) ?? [];
    if (comments.some(({ pos, end }) => MARKER.test(file.text.slice(pos, end)))) return true;
    if (ts.isBlock(at.parent) || ts.isSourceFile(at.parent)) return false;
  }
  return false;
}

export function strayApiPaths(): string[] {
  const pattern = apiPathPattern();
  const stray: string[] = [];
  for (const path of SCANNED.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const source = readFileSync(path, 'utf8');
    const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
    const lines = source.split('\n');
    for (const { text, node } of literalsOf(file)) {
      if (!pattern.test(text)) continue;
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const isApiPrefix = text.includes(API_PREFIX);
      if (!isApiPrefix && isWebNavigation(node)) continue;
      if (isTestTitle(node)) continue;
      if (hasMarker(file, lines, node)) continue;
      const shown = text.replaceAll(HOLE, '${…}');
      stray.push(`${relative(root, path)}:${line + 1}: ${JSON.stringify(shown)}`);
    }
  }
  return stray;
}

describe('API paths outside packages/shared', () => {
  it('are built from the contracts, never typed as strings', () => {
    const stray = strayApiPaths();
    expect(
      stray,
      `${stray.length} API path(s) typed as a string; call through the contract (call, inject, ` +
        `urlOf, apiPath) instead:\n${stray.join('\n')}\n`,
    ).toEqual([]);
  });
});
