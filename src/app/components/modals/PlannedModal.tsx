import styles from './Modal.module.css';

/** Stands in for a modal whose flow arrives in a later issue, and says what it will hold. */
export function PlannedModal({ what }: { what: string }) {
  return (
    <div className={styles.planned}>
      <p>{what}</p>
      <p className={styles.note}>This part of the casino is being built and will appear here soon.</p>
    </div>
  );
}
