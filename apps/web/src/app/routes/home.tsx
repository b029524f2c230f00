import {
  PRODUCTS_SECTION_ID,
  ProductsSection,
} from '../../features/catalog/components/products-section';
import { BusinessSummarySection } from '../../features/home/components/business-summary-section';
import { FaqSection } from '../../features/home/components/faq-section';
import { HeroSection } from '../../features/home/components/hero-section';
import { SubscribeSection } from '../../features/newsletter/components/subscribe-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { useShopName } from '../../lib/public-config';

/** SPEC section 2: the home sections in their order; the footer comes from the layout. */
export default function HomePage() {
  const shopName = useShopName();
  return (
    <>
      <title>{`${shopName}: computer parts in bulk for business`}</title>
      <HeroSection orderTargetId={PRODUCTS_SECTION_ID} />
      <ProductsSection />
      <BusinessSummarySection />
      <ReviewsSection />
      <SubscribeSection />
      <FaqSection />
    </>
  );
}
