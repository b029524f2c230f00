/** The zod-free route table the build makes from the API contracts (vite.config.ts). */
declare module 'virtual:api-routes' {
  import type { Api, RouteTable } from '@shop/shared';
  export const routes: RouteTable<Api>;
}
