import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UserSummary } from '@shop/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useUsers } from '../../features/admin-users/api/get-users';
import { useMakeAdmin } from '../../features/admin-users/api/make-admin';
import { useRemoveUser } from '../../features/admin-users/api/remove-user';

/** Not SPEC messages: SPEC's Remove User had no action, so its question and toasts are ours. */
export const CONFIRM_REMOVE_USER = 'Are You Sure, You Want To Remove This User?';
export const USER_REMOVED = 'User Removed Successfully!';
export const madeAdminMessage = (email: string) => `${email} is now an admin.`;

const COLUMNS = ['Email', 'Name', 'Role', 'Since', 'Actions'];
const sinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const sameEmail = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();

interface UserRowProps {
  user: UserSummary;
  isYou: boolean;
  promoting: boolean;
  onMakeAdmin: () => void;
  onRemove: () => void;
}

function UserRow({ user, isYou, promoting, onMakeAdmin, onRemove }: UserRowProps) {
  const emailId = `user-email-${user._id}`;
  return (
    <TableRow data-testid="user-row" hover>
      <TableCell component="th" scope="row" id={emailId} sx={{ fontWeight: 600 }}>
        {user.email}
        {isYou && (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {' '}
            (you)
          </Typography>
        )}
      </TableCell>
      <TableCell>{user.name ?? '—'}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={user.role ? 'Admin' : 'Customer'}
          color={user.role ? 'secondary' : 'default'}
          variant={user.role ? 'filled' : 'outlined'}
        />
      </TableCell>
      <TableCell>
        <time dateTime={user.createdAt}>{sinceFormat.format(new Date(user.createdAt))}</time>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          {!user.role && (
            <Button
              size="small"
              variant="contained"
              onClick={onMakeAdmin}
              loading={promoting}
              aria-describedby={emailId}
            >
              Make Admin
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={onRemove}
            disabled={isYou}
            aria-describedby={emailId}
          >
            Remove User
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows() {
  return Array.from({ length: 3 }, (_, row) => (
    <TableRow key={row}>
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** SPEC section 2, Make Admin (admin): every user, with Make Admin and Remove User per row. */
export default function MakeAdminPage() {
  const session = useSession();
  const actingEmail = session.user?.email;
  const { data, error, isPending, isFetching, refetch } = useUsers();
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [removing, setRemoving] = useState<UserSummary | null>(null);

  const promote = (user: UserSummary) => {
    if (!actingEmail) return;
    makeAdmin.mutate(
      { email: user.email, adminEmail: actingEmail },
      {
        onSuccess: () => notify.success(madeAdminMessage(user.email)),
        onError: (failure) => notify.error(failure.message),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    removeUser.mutate(removing.email, {
      onSuccess: () => notify.success(USER_REMOVED),
      onError: (failure) => notify.error(failure.message),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Box>
      <PageTitle title="Make Admin" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Make Admin
      </Typography>
      <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>
        Give another user administrator rights, or remove an account. Orders of a removed user are
        kept for the books.
      </Typography>
      {error ? (
        <LoadError
          title="We could not load the users."
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Users" size="small">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody aria-busy={isPending}>
              {isPending ? (
                <LoadingRows />
              ) : (
                data.map((user) => (
                  <UserRow
                    key={user._id}
                    user={user}
                    isYou={sameEmail(user.email, actingEmail)}
                    promoting={makeAdmin.isPending && makeAdmin.variables.email === user.email}
                    onMakeAdmin={() => promote(user)}
                    onRemove={() => setRemoving(user)}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={removing !== null}
        question={CONFIRM_REMOVE_USER}
        detail={removing?.email}
        pending={removeUser.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Box>
  );
}
