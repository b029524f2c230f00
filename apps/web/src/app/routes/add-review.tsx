import { zodResolver } from '@hookform/resolvers/zod';
import { RATING_DEFAULT, RATING_MAX, RATING_MIN, messages, type ReviewInput } from '@shop/shared';
import { Controller, useForm } from 'react-hook-form';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { StarRatingInput } from '../../components/ui/star-rating-input';
import { TextField } from '../../components/ui/text-field';
import { notify } from '../../components/ui/toast';
import { serverFieldErrors } from '../../lib/server-field-errors';
import { useSession } from '../../lib/session';
import { useAddReview } from '../../features/reviews/api/add-review';
import { reviewFormSchema, starsOf, type ReviewFormValues } from '../../features/reviews/schemas';
import styles from './add-review.module.css';

const emptyReview: ReviewFormValues = { rating: String(RATING_DEFAULT), discription: '' };
const reviewFields = ['rating', 'discription'] as const;

/**
 * SPEC section 2, Add A Review: the star widget (1 to 5) and the number input (0 to 5, default 0)
 * hold one value, so either can be used; the comment is required.
 */
export default function AddReviewPage() {
  const { user } = useSession();
  const addReview = useAddReview();
  const form = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: emptyReview,
  });
  const { control, handleSubmit, reset, setError } = form;

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
    <div className={styles.page}>
      <PageTitle title="Add A Review" />
      <h1 className={admin.title}>Add A Review</h1>
      <p className={styles.intro}>
        Tell other buyers how our parts and service worked for you
        {user?.displayName ? `. Your review is signed ${user.displayName}.` : '.'}
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Add A Review" className={styles.form}>
        <Controller
          control={control}
          name="rating"
          render={({ field, fieldState }) => (
            <div className={styles.rating}>
              <StarRatingInput
                legend="Rating"
                name="rating-stars"
                value={starsOf(field.value)}
                max={RATING_MAX}
                onChange={(stars) => field.onChange(String(stars))}
              />
              <TextField
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                label={`Rating (${RATING_MIN} to ${RATING_MAX})`}
                type="number"
                min={RATING_MIN}
                max={RATING_MAX}
                step={1}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                className={styles.number}
              />
            </div>
          )}
        />
        <FormField form={form} name="discription" label="Review" multiline minRows={5} fullWidth />
        <div>
          <Button type="submit" variant="contained" size="large" loading={addReview.isPending}>
            Add Review
          </Button>
        </div>
      </form>
    </div>
  );
}
