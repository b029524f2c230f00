import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@shop/shared';
import { Link as RouterLink } from 'react-router';
import notFoundImage from '../../assets/not-found.svg';
import { PageTitle } from '../../components/page-title';

export default function NotFoundPage() {
  return (
    <Box sx={{ py: { xs: 4, md: 8 }, px: 2, textAlign: 'center' }}>
      <PageTitle title={messages.pageNotFound} />
      <Box
        component="img"
        src={notFoundImage}
        alt="A network cable pulled out of its socket, under the number 404"
        width={480}
        height={280}
        sx={{ maxWidth: '100%', height: 'auto' }}
      />
      <Typography variant="h1" sx={{ mt: 3, fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {messages.pageNotFound}
      </Typography>
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        Back to home
      </Button>
    </Box>
  );
}
