import { selectUser } from '../../../../machines/auth/selectors';
import { useAuth, useModalStackRef } from '../../actors/AppActor';
import styles from './Welcome.module.css';

/** After sign-up (auth's `welcoming` state): the two next steps of a new player. */
export function Welcome() {
  const [welcoming, sendAuth] = useAuth((s) => s.hasTag('welcome'));
  const [user] = useAuth(selectUser);
  const modals = useModalStackRef();
  if (!welcoming || !user) return null;
  const claim = () => {
    modals.send({ type: 'user.openModal', name: 'Cashier' });
    sendAuth({ type: 'user.dismissWelcome' });
  };
  return (
    <section className={styles.welcome} aria-labelledby="welcome-heading">
      <div className={styles.text}>
        <h2 id="welcome-heading">Welcome to ACC Casino, {user.userName}!</h2>
        <ol className={styles.steps}>
          <li>
            <strong>Confirm your e-mail.</strong> We sent a link to {user.email}.
          </li>
          <li>
            <strong>Claim demo funds</strong> and place your first bet.
          </li>
        </ol>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={claim}>
          Get demo funds
        </button>
        <button type="button" className={styles.dismiss} onClick={() => sendAuth({ type: 'user.dismissWelcome' })} aria-label="Dismiss welcome">
          Later
        </button>
      </div>
    </section>
  );
}
