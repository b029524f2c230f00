import styles from './loading.module.css';

/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  return (
    <div role="status" className={styles.screen}>
      <div className={styles.spinner} aria-hidden="true" />
      <p>Loading...</p>
    </div>
  );
}
