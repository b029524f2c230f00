import styles from './or-divider.module.css';

/** Between a form and Continue With Google. */
export function OrDivider() {
  return (
    <div className={styles.divider} role="presentation">
      <span className={styles.text}>or</span>
    </div>
  );
}
