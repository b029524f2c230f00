import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { messages, userInfoSchema, type UserInfo, type UserInfoInput } from '@shop/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { notify } from '../../../lib/toast';
import { useSaveUserInfo } from '../api/save-user-info';

const emptyInfo: UserInfoInput = {
  education: '',
  location: '',
  number: '',
  linkedin: '',
  company: '',
  taxId: '',
  billingAddress: '',
  shippingAddress: '',
};

export const profileFields = [
  { field: 'education', label: 'Education', type: 'text', autoComplete: 'off' },
  { field: 'location', label: 'Location', type: 'text', autoComplete: 'address-level2' },
  { field: 'number', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { field: 'linkedin', label: 'LinkedIn', type: 'url', autoComplete: 'url' },
] as const;
const fieldNames = profileFields.map(({ field }) => field);

/** SPEC section 4: the mode changes only the labels and the success message. */
export const modeLabel = (stored: UserInfo | null) =>
  stored ? 'Update Information' : 'Add Information';

/** The profile form: every field required (SPEC section 5); stored values are the start. */
export function ProfileForm({ stored }: { stored: UserInfo | null }) {
  const headingId = useId();
  const label = modeLabel(stored);
  const saveInfo = useSaveUserInfo();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UserInfoInput, unknown, UserInfo>({
    resolver: zodResolver(userInfoSchema),
    defaultValues: stored ?? emptyInfo,
  });

  const onSubmit = handleSubmit((info) => {
    saveInfo.mutate(info, {
      onSuccess: (saved) => {
        notify.success(messages.informationSaved);
        reset(saved.info);
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, fieldNames);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0) notify.error(error.message);
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.35rem', mb: 2 }}>
        {label}
      </Typography>
      <Grid container spacing={2}>
        {profileFields.map(({ field, label: fieldLabel, type, autoComplete }) => (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <TextField
              {...register(field)}
              label={fieldLabel}
              type={type}
              autoComplete={autoComplete}
              fullWidth
              error={Boolean(errors[field])}
              helperText={errors[field]?.message}
            />
          </Grid>
        ))}
      </Grid>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={saveInfo.isPending}
        sx={{ mt: 3 }}
      >
        {label}
      </Button>
    </Box>
  );
}
