import { apiPath } from '@shop/shared';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { Alert } from '../../components/ui/alert';
import { useMySpending } from '../../features/companies/api/get-my-spending';
import { ApiKeyForm } from '../../features/api-keys/components/api-key-form';
import { ApiKeysTable } from '../../features/api-keys/components/api-keys-table';
import { routes } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * API keys (issue 32, docs/decisions/053): a company's owner's keys for its purchasing system,
 * or, for the admin, the shop's keys for its ERP and every company's. Anyone else is told who
 * makes them.
 */
export default function ApiKeysPage() {
  const { isAdmin } = useSession();
  const spending = useMySpending({ enabled: !isAdmin });
  const owner = spending.data?.role === 'owner';
  return (
    <div>
      <PageTitle title="API keys" />
      <h1 className={admin.title}>API keys</h1>
      <p className={admin.intro}>
        {isAdmin
          ? "Keys for the shop's own systems (the ERP: catalogue, stock, orders, shipping), and every company's keys."
          : "Keys for your company's purchasing system: it reads the catalogue at your prices, places purchases and reads invoices, as you."}{' '}
        A program sends its key as <code>Authorization: Bearer pk_live_…</code>; see the{' '}
        <a href={apiPath(routes.docs.page)}>API reference</a>.
      </p>
      {isAdmin || owner ? (
        <>
          <ApiKeyForm isAdmin={isAdmin} />
          <ApiKeysTable />
        </>
      ) : (
        spending.data && (
          <Alert severity="info" role="status">
            Your company&apos;s owner makes its API keys.
          </Alert>
        )
      )}
    </div>
  );
}
