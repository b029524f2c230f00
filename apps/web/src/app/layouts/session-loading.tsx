import styles from './loading.module.css';

/**
 * SPEC section 2: a protected page shows Loading... with a progress bar while the session (and,
 * on admin pages, the role) resolves. HTML and CSS alone, so a page the server renders can show
 * it before any script runs (the purchase page's shell).
 */
export function SessionLoading() {
  return (
    <div role="status" className={styles.screen}>
      <p>Loading...</p>
      <div role="progressbar" aria-label="Checking your sign-in" className={styles.track}>
        <div className={styles.bar} />
      </div>
    </div>
  );
}
