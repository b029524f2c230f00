import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { ShippingMethodsAdmin } from '../../features/shipping/components/shipping-methods-admin';

/**
 * Shipping Methods (admin, issue 29 item 2): the carriers' services the shop offers, each for
 * its countries at a flat price or by weight, free above an amount, in so many business days.
 */
export default function ManageShippingPage() {
  return (
    <div>
      <PageTitle title="Shipping Methods" />
      <h1 className={admin.title}>Shipping Methods</h1>
      <p className={admin.intro}>
        The ways the shop sends parcels and freight. Buyers see the methods that serve their country
        and weight, cheapest first.
      </p>
      <ShippingMethodsAdmin />
    </div>
  );
}
