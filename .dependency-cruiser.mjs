// The boundaries of the code, checked by dependency-cruiser in `npm run lint` and `npm test`
// (`npm run lint:boundaries` alone). No rule has an exception list: code that would cross a
// boundary moves instead. A boundary that lint does not enforce is crossed sooner or later.

const web = '^apps/web/src';
const api = '^apps/api/src';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Modules that import each other, directly or through others, are one module in two ' +
        'files: merge them, or move what both need into a third module.',
      severity: 'error',
      from: { path: '^(apps/web/src|apps/api/src|packages/shared/src)/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'A feature (apps/web/src/features/X) does not import another feature: code two features ' +
        'share moves to lib/ or components/, or to packages/shared when the server uses it too; ' +
        'a page in app/routes/ composes features.',
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: { path: `${web}/features/`, pathNot: `${web}/features/$1/` },
    },
    {
      name: 'no-feature-to-app',
      comment:
        'Features hold components, API calls and hooks; app/ composes them into pages, layouts ' +
        'and the router. A feature that needs a page or the router takes it as a prop or a link.',
      severity: 'error',
      from: { path: `${web}/features/` },
      to: { path: `${web}/app/` },
    },
    {
      name: 'router-renders-pages-of-app-routes',
      comment:
        'Pages live in one place: every route of app/routes.tsx renders a page of app/routes/ ' +
        '(or a layout or guard of app/), never a component of a feature or a page kept elsewhere.',
      severity: 'error',
      from: { path: `${web}/app/routes[.]tsx$` },
      to: { path: `${web}/`, pathNot: `${web}/app/` },
    },
    {
      name: 'pages-only-for-the-router',
      comment:
        "A page of app/routes/ is rendered by the routers only: the app's (app/routes.tsx) and the " +
        "server's for its documents (entry-server.tsx, docs/decisions/015) and, for a page that is " +
        "one island, the browser's table of islands (app/islands.tsx); other code links to " +
        'its path. What a page and other code share moves into a feature, lib/ or components/.',
      severity: 'error',
      from: {
        pathNot: [
          `${web}/app/routes[.]tsx$`,
          `${web}/entry-server[.]tsx$`,
          `${web}/app/islands[.]tsx$`,
          `${web}/app/routes/`,
        ],
      },
      to: { path: `${web}/app/routes/` },
    },
    {
      name: 'no-shared-code-to-features-or-app',
      comment:
        'lib/ and components/ are below the features: they import neither a feature nor app/.',
      severity: 'error',
      from: { path: `${web}/(lib|components)/` },
      to: { path: `${web}/(features|app)/` },
    },
    {
      name: 'no-module-to-module',
      comment:
        'A module (apps/api/src/modules/X) owns its tables and imports no other module: a flow ' +
        'that needs two modules is a workflow (apps/api/src/workflows/), and what every module ' +
        'needs (the signed-in user, the audit record) sits below the modules. Tests are not ' +
        'modules: they drive the whole app. docs/decisions/027.',
      severity: 'error',
      from: { path: `${api}/modules/([^/]+)/`, pathNot: '[.]test[.]ts$' },
      to: { path: `${api}/modules/`, pathNot: `${api}/modules/$1/` },
    },
    {
      name: 'no-circular-folders',
      comment:
        'Folders that import each other, directly or through others, are one folder in two: ' +
        'the layering is db, http, mail, auth; modules; workflows; routes; the app (server.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(apps/web/src|apps/api/src|packages/shared/src)/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(apps/web/src|apps/api/src|packages/shared/src)/',
    // Tests are not part of the layering: nothing imports a test, and a test may drive any layer.
    exclude: { path: '[.]test[.]tsx?$' },
    // Type-only imports count: a cycle of types is still two modules that need each other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
