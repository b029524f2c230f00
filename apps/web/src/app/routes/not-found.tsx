import { messages } from '@shop/shared';
import notFoundImage from '../../assets/not-found.svg';
import { PageTitle } from '../../components/page-title';
import { ButtonLink } from '../../components/ui/button';
import styles from './not-found.module.css';

export default function NotFoundPage() {
  return (
    <div className={styles.page}>
      <PageTitle title={messages.pageNotFound} />
      <img
        src={notFoundImage}
        alt="A network cable pulled out of its socket, under the number 404"
        width={480}
        height={280}
        className={styles.image}
      />
      <h1 className={styles.title}>{messages.pageNotFound}</h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <ButtonLink href="/" variant="contained" className={styles.home}>
        Back to home
      </ButtonLink>
    </div>
  );
}
