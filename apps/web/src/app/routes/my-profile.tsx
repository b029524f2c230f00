import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UserInfo } from '@shop/shared';
import { useId, type ReactNode } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { useUserInfo } from '../../features/profile/api/get-user-info';
import { modeLabel, ProfileForm } from '../../features/profile/components/profile-form';

const NOT_ADDED = 'Not added yet';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" data-testid={testId} sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** An http(s) address is a link (opened apart from the shop); anything else stays text. */
function LinkedIn({ value }: { value: string }) {
  if (!/^https?:\/\//i.test(value)) return value;
  return (
    <Link href={value} target="_blank" rel="noopener noreferrer">
      {value}
    </Link>
  );
}

function StoredInformation({
  name,
  email,
  info,
}: {
  name: string;
  email: string;
  info: UserInfo | null;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.35rem', mb: 2 }}>
        Your Information
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.25, sm: 1.25 },
          m: 0,
        }}
      >
        <Fact label="Name" value={name || '—'} testId="profile-name" />
        <Fact label="Email" value={email || '—'} testId="profile-email" />
        <Fact label="Education" value={info?.education ?? NOT_ADDED} testId="profile-education" />
        <Fact label="Location" value={info?.location ?? NOT_ADDED} testId="profile-location" />
        <Fact label="Phone Number" value={info?.number ?? NOT_ADDED} testId="profile-number" />
        <Fact
          label="LinkedIn"
          value={info ? <LinkedIn value={info.linkedin} /> : NOT_ADDED}
          testId="profile-linkedin"
        />
      </Box>
    </Box>
  );
}

/** SPEC section 2, My Profile: the stored information, then the form in Add or Update mode. */
export default function ProfilePage() {
  const { status, user } = useSession();
  const email = user?.email;
  const infoQuery = useUserInfo(email);
  const loading = status === 'loading' || (Boolean(email) && infoQuery.isPending);
  const stored = infoQuery.data ?? null;

  let body;
  if (infoQuery.error) {
    body = (
      <LoadError
        title="We could not load your information."
        error={infoQuery.error}
        retrying={infoQuery.isFetching}
        onRetry={() => void infoQuery.refetch()}
      />
    );
  } else if (loading) {
    body = (
      <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true">
        <Skeleton variant="text" sx={{ width: '40%', fontSize: '1.35rem' }} />
        {Array.from({ length: 6 }, (_, row) => (
          <Skeleton key={row} variant="text" />
        ))}
      </Paper>
    );
  } else {
    body = (
      <>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <StoredInformation name={user?.displayName ?? ''} email={email ?? ''} info={stored} />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
          <ProfileForm key={modeLabel(stored)} stored={stored} />
        </Paper>
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 860 }}>
      <PageTitle title="My Profile" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 3 }}>
        My Profile
      </Typography>
      {body}
    </Box>
  );
}
