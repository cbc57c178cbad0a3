import type { ScreenInfo } from './screens';
import styles from './ComingScreen.module.css';

/** A route whose screen is still being built: says what it will hold so nobody mistakes it for a bug. */
export function ComingScreen({ screen }: { screen: ScreenInfo }) {
  return (
    <section className={styles.screen} aria-labelledby="screen-title">
      <h1 id="screen-title">{screen.title}</h1>
      <p className={styles.summary}>{screen.summary}</p>
      <div className={styles.panel}>
        <h2>Coming to this page</h2>
        <ul>
          {screen.coming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
