import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RATING_DEFAULT, RATING_MAX, RATING_MIN, messages, type ReviewInput } from '@shop/shared';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageTitle } from '../../components/page-title';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session';
import { notify } from '../../components/ui/toast';
import { useAddReview } from '../../features/reviews/api/add-review';
import { reviewFormSchema, starsOf, type ReviewFormValues } from '../../features/reviews/schemas';

const emptyReview: ReviewFormValues = { rating: String(RATING_DEFAULT), discription: '' };
const reviewFields = ['rating', 'discription'] as const;

/**
 * SPEC section 2, Add A Review: the star widget (1 to 5) and the number input (0 to 5, default 0)
 * hold one value, so either can be used; the comment is required.
 */
export default function AddReviewPage() {
  const legendId = useId();
  const { user } = useSession();
  const addReview = useAddReview();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: emptyReview,
  });

  const onSubmit = handleSubmit((input) => {
    addReview.mutate(input, {
      onSuccess: () => {
        notify.success(messages.reviewAdded);
        reset(emptyReview);
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, reviewFields);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0) notify.error(error.message);
      },
    });
  });

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageTitle title="Add A Review" />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
        Add A Review
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>
        Tell other buyers how our parts and service worked for you
        {user?.displayName ? `. Your review is signed ${user.displayName}.` : '.'}
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={onSubmit}
        aria-label="Add A Review"
        sx={{ mt: 3, p: { xs: 2, md: 3 } }}
      >
        <Stack spacing={3}>
          <Controller
            control={control}
            name="rating"
            render={({ field, fieldState }) => (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
                <Box
                  component="fieldset"
                  aria-labelledby={legendId}
                  sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
                >
                  <Typography
                    component="legend"
                    id={legendId}
                    variant="body2"
                    sx={{ color: 'text.secondary', mb: 0.5 }}
                  >
                    Rating
                  </Typography>
                  <Rating
                    name="rating-stars"
                    value={starsOf(field.value)}
                    max={RATING_MAX}
                    size="large"
                    onChange={(_, stars) => {
                      // A click without a known pointer position reports NaN; keep the value.
                      if (stars === null || Number.isInteger(stars)) {
                        field.onChange(String(stars ?? RATING_DEFAULT));
                      }
                    }}
                  />
                </Box>
                <TextField
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  label={`Rating (${RATING_MIN} to ${RATING_MAX})`}
                  type="number"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { min: RATING_MIN, max: RATING_MAX, step: 1 } }}
                  sx={{ width: { sm: 200 } }}
                />
              </Stack>
            )}
          />
          <TextField
            {...register('discription')}
            label="Review"
            multiline
            minRows={5}
            fullWidth
            error={Boolean(errors.discription)}
            helperText={errors.discription?.message}
          />
          <Box>
            <Button type="submit" variant="contained" size="large" loading={addReview.isPending}>
              Add Review
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
