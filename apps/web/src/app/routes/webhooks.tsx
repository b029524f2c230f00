import { apiPath } from '@shop/shared';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { Alert } from '../../components/ui/alert';
import { useMySpending } from '../../features/companies/api/get-my-spending';
import { WebhookForm } from '../../features/webhooks/components/webhook-form';
import { WebhooksTable } from '../../features/webhooks/components/webhooks-table';
import { routes } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * Webhooks (issue 32, docs/decisions/054): a company's owner subscribes its systems to the
 * company's events, the admin the shop's systems to every company's; each with its delivery log.
 */
export default function WebhooksPage() {
  const { isAdmin } = useSession();
  const spending = useMySpending({ enabled: !isAdmin });
  const owner = spending.data?.role === 'owner';
  return (
    <div>
      <PageTitle title="Webhooks" />
      <h1 className={admin.title}>Webhooks</h1>
      <p className={admin.intro}>
        {isAdmin
          ? "Events of every company, sent to the shop's own systems as they happen."
          : "Your company's events, sent to your systems as they happen."}{' '}
        Each is POSTed as JSON and signed; how to check it is in the{' '}
        <a href={apiPath(routes.docs.page)}>API reference</a>.
      </p>
      {isAdmin || owner ? (
        <>
          <WebhookForm isAdmin={isAdmin} />
          <WebhooksTable />
        </>
      ) : (
        spending.data && (
          <Alert severity="info" role="status">
            Your company&apos;s owner subscribes its systems to its events.
          </Alert>
        )
      )}
    </div>
  );
}
