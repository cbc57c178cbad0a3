import { Link } from '../components/ui/Link';
import styles from './ComingScreen.module.css';

export function NotFound() {
  return (
    <section className={styles.screen} aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p className={styles.summary}>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Back to the games</Link>
      </p>
    </section>
  );
}
