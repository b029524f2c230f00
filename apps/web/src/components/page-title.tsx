import { useShopName } from '../lib/public-config';

/** The document title of a page, "Blog | PartsWorks"; React 19 hoists it into <head>. */
export function PageTitle({ title }: { title: string }) {
  const shopName = useShopName();
  return <title>{`${title} | ${shopName}`}</title>;
}
