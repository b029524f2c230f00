import { useId, useState, type ChangeEvent } from 'react';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../components/ui/container';
import { imageFileProblem, useUploadImage } from '../api/upload-image';
import styles from './product-form.module.css';

/**
 * Uploads a picture from the admin's computer (POST /uploads) and hands back the URL the shop
 * serves it under, which becomes the product's image.
 */
export function ImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const uploadImage = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const statusId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again is a new choice.
    event.target.value = '';
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    setDone(false);
    if (refused) return;
    uploadImage.mutate(file, {
      onSuccess: (url) => {
        setDone(true);
        onUploaded(url);
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <div className={styles.upload}>
      <label
        className={cx(
          buttonStyles.button,
          buttonStyles.outlined,
          buttonStyles.primary,
          styles.uploadButton,
        )}
      >
        {uploadImage.isPending ? 'Uploading…' : 'Upload image'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className={styles.visuallyHidden}
          onChange={onChange}
          disabled={uploadImage.isPending}
          aria-describedby={statusId}
        />
      </label>
      <p id={statusId} className={cx(styles.hint, problem && styles.uploadError)} role="status">
        {problem ??
          (done ? 'Image uploaded.' : 'PNG, JPEG or WebP, at most 2 MB; or give a URL above.')}
      </p>
    </div>
  );
}
