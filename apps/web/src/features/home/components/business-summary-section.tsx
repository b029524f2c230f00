import GroupsIcon from '@mui/icons-material/Groups';
import RateReviewIcon from '@mui/icons-material/RateReview';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { BUSINESS_SUMMARY } from '@shop/shared';
import { PageSection } from '../../../components/page-section';

const icons = [GroupsIcon, TrendingUpIcon, RateReviewIcon];

export function BusinessSummarySection() {
  return (
    <PageSection
      id="business-summary"
      title="Business Summary"
      subtitle="Businesses around the world trust us with the parts inside their products."
      tinted
    >
      <Grid container spacing={3}>
        {BUSINESS_SUMMARY.map((item, index) => {
          const Icon = icons[index] ?? GroupsIcon;
          return (
            <Grid key={item.label} size={{ xs: 12, md: 4 }}>
              <Card sx={{ textAlign: 'center', height: '100%' }}>
                <CardContent sx={{ py: 4 }}>
                  <Icon sx={{ fontSize: 48, color: 'secondary.dark' }} aria-hidden />
                  <Typography
                    component="p"
                    sx={{ fontSize: '2.5rem', fontWeight: 800, color: 'primary.main', mt: 1 }}
                  >
                    {item.figure}
                  </Typography>
                  <Typography component="p" variant="h3" sx={{ fontSize: '1.1rem' }}>
                    {item.label}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </PageSection>
  );
}
