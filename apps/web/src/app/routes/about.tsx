import FactoryIcon from '@mui/icons-material/Factory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import VerifiedIcon from '@mui/icons-material/Verified';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useShopName } from '../../lib/public-config';
import { ContentPage } from '../../components/content-page';

const pillars = [
  {
    Icon: FactoryIcon,
    title: 'Our factories',
    text: 'Three plants, in Penang, Guadalajara and Brno, run surface-mount lines, burn-in rooms and final assembly under one quality system, so every part can be traced to its production batch.',
  },
  {
    Icon: VerifiedIcon,
    title: 'Quality',
    text: 'Each batch is sampled for electrical, thermal and endurance tests before it ships. Our plants are ISO 9001 and ISO 14001 certified, and every part carries a three-year warranty.',
  },
  {
    Icon: LocalShippingIcon,
    title: 'Bulk ordering',
    text: 'We sell to businesses: system builders, data centres, repair chains and resellers. Each product has a minimum order quantity, and orders ship worldwide by air or sea freight.',
  },
];

export default function AboutPage() {
  const shopName = useShopName();
  return (
    <ContentPage
      title={`About ${shopName}`}
      intro={`${shopName} designs and manufactures computer parts (processors, graphics cards, memory, solid-state drives, motherboards, power supplies, cases, coolers and network cards) and sells them in bulk to businesses around the world.`}
    >
      <Typography sx={{ mt: 3, lineHeight: 1.75 }}>
        We started as a contract assembler of memory modules and grew into a manufacturer of our own
        product line. Today our engineers design the parts, our factories build them, and this shop
        lets purchasing teams order them directly, without distributors in between. That keeps
        prices fair at volume and lets us answer technical questions from the people who make the
        parts.
      </Typography>
      <Grid container spacing={3} sx={{ mt: 2 }}>
        {pillars.map(({ Icon, title, text }) => (
          <Grid key={title} size={{ xs: 12, md: 4 }}>
            <Card component="section" aria-label={title} sx={{ height: '100%' }}>
              <CardContent>
                <Icon sx={{ fontSize: 40, color: 'secondary.dark' }} aria-hidden />
                <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
                  {title}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ mt: 1, color: 'text.secondary', lineHeight: 1.7 }}
                >
                  {text}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </ContentPage>
  );
}
