import { PageTitle } from '../../components/page-title';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { useUserInfo } from '../../lib/user-info';
import { modeLabel, ProfileForm } from '../../features/profile/components/profile-form';
import styles from '../../features/profile/components/profile.module.css';
import { StoredInformation } from '../../features/profile/components/stored-information';

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
      <div className={styles.panel} aria-busy="true">
        <Skeleton variant="text" width="40%" />
        {Array.from({ length: 10 }, (_, row) => (
          <Skeleton key={row} variant="text" />
        ))}
      </div>
    );
  } else {
    body = (
      <>
        <div className={styles.panel}>
          <StoredInformation name={user?.displayName ?? ''} email={email ?? ''} info={stored} />
        </div>
        <div className={styles.panel}>
          <ProfileForm key={modeLabel(stored)} stored={stored} />
        </div>
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageTitle title="My Profile" />
      <h1 className={styles.title}>My Profile</h1>
      {body}
    </div>
  );
}
