import type { Stats } from '@shop/shared';
import { useId, useState } from 'react';
import admin from '../../../components/admin-page.module.css';
import { PageTitle } from '../../../components/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toast';
import { downloadStatsCsv } from '../api/download-stats-csv';
import { useShopToday, useStats } from '../api/get-stats';
import { manageProductsHref } from '../links';
import { datesOf, type OverviewView } from '../period';
import { BackupsCard } from './backups-card';
import { ExpiringCard } from './expiring-card';
import { LowStockCard } from './low-stock-card';
import { NewCustomersCard } from './new-customers-card';
import { OrdersByStateCard } from './orders-by-state-card';
import styles from './overview.module.css';
import { OverviewSkeleton } from './overview-skeleton';
import { PeriodControls } from './period-controls';
import { RevenueCard } from './revenue-card';
import { TopCustomersCard, TopProductsCard } from './top-lists';

interface OverviewProps {
  /** The period and interval shown (the route keeps them in the URL). */
  view: OverviewView;
  onViewChange: (view: OverviewView) => void;
  /** Opens a page of the shop: where a bar of a chart leads (its table has the same links). */
  onOpen: (href: string) => void;
}

/** A new shop: nothing paid in the period, and no order at all yet. */
const isNewShop = ({ revenue, ordersByState }: Stats) =>
  revenue.every((row) => row.total === 0) &&
  ordersByState.unpaid + ordersByState.paid + ordersByState.shipped === 0;

function EmptyShop() {
  const headingId = useId();
  return (
    <section className={styles.empty} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        No orders yet
      </h2>
      <p>
        The figures appear here as soon as customers buy: revenue, top products and customers, and
        what to ship. Meanwhile, make sure the catalogue is ready.
      </p>
      <ButtonLink href={manageProductsHref} variant="contained">
        Manage Products
      </ButtonLink>
    </section>
  );
}

function Figures({
  stats,
  onOpen,
  busy,
}: {
  stats: Stats;
  onOpen: OverviewProps['onOpen'];
  busy: boolean;
}) {
  return (
    <div className={styles.grid} aria-busy={busy || undefined}>
      <RevenueCard stats={stats} onOpen={onOpen} />
      <OrdersByStateCard stats={stats} onOpen={onOpen} />
      <NewCustomersCard stats={stats} onOpen={onOpen} />
      <TopProductsCard stats={stats} />
      <TopCustomersCard stats={stats} />
      <LowStockCard stats={stats} />
      <ExpiringCard stats={stats} />
      <BackupsCard stats={stats} />
    </div>
  );
}

/**
 * Issue 16, the admin's first page: the business at a glance over a period of the shop's days
 * (GET /admin/stats), every figure leading to the list it summarises.
 */
export function Overview({ view, onViewChange, onOpen }: OverviewProps) {
  const today = useShopToday();
  const dates = datesOf(view, today);
  const period = { ...dates, interval: view.interval };
  const stats = useStats(period);
  const [exporting, setExporting] = useState(false);

  const exportCsv = () => {
    setExporting(true);
    downloadStatsCsv(period)
      .catch((error: Error) => notify.error(error.message))
      .finally(() => setExporting(false));
  };

  let body;
  if (stats.error) {
    // A period the API refuses says why (the dates are the admin's); anything else may pass.
    body =
      stats.error instanceof ApiError && stats.error.status === 400 ? (
        <Alert severity="error" title="This period cannot be shown.">
          {stats.error.message}
        </Alert>
      ) : (
        <LoadError
          title="We could not load the overview."
          error={stats.error}
          retrying={stats.isFetching}
          onRetry={() => void stats.refetch()}
        />
      );
  } else if (stats.isPending) {
    body = <OverviewSkeleton />;
  } else if (isNewShop(stats.data)) {
    // A new shop has its data to keep safe before its first sale.
    body = (
      <div className={styles.grid}>
        <EmptyShop />
        <BackupsCard stats={stats.data} />
      </div>
    );
  } else {
    body = <Figures stats={stats.data} onOpen={onOpen} busy={stats.isPlaceholderData} />;
  }

  return (
    <div>
      <PageTitle title="Overview" />
      <h1 className={admin.title}>Overview</h1>
      <p className={admin.intro}>
        How the business goes: paid revenue, orders, best sellers, stock and new customers. Every
        figure opens the list behind it.
      </p>
      <div className={styles.toolbar}>
        <PeriodControls view={view} dates={dates} onViewChange={onViewChange} />
        <Button
          variant="outlined"
          loading={exporting}
          onClick={exportCsv}
          className={styles.download}
        >
          Download CSV
        </Button>
      </div>
      {body}
    </div>
  );
}
