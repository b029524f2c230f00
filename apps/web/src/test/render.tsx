import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '../app/providers';
import { RouterNavigation } from '../app/layouts/root-layout';
import { routes } from '../app/routes';

function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** What the tests read of the router: where it is, as soon as a navigation starts. */
interface RouterView {
  readonly state: { location: Location };
}

function Routes({ routeObjects }: { routeObjects: RouteObject[] }) {
  return useRoutes(routeObjects);
}

/**
 * The declarative router the app uses (app.tsx; BrowserRouter is this router over the browser's
 * history), over an in-memory history the tests can read.
 */
function renderRouter(routeObjects: RouteObject[], path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router: RouterView = {
    get state() {
      return { location: history.location };
    },
  };
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <HistoryRouter history={history}>
        <Routes routeObjects={routeObjects} />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...result, user, router };
}

/** Renders one component with the app's providers and a router around it. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return renderRouter([{ path: '*', element: <RouterNavigation>{ui}</RouterNavigation> }], path);
}

/** Renders the whole app, layouts and lazy pages included, at `path`. */
export function renderApp(path: string) {
  return renderRouter(routes, path);
}
