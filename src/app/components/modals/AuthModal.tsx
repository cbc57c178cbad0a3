import { useModalStackRef } from '../../actors/AppActor';
import styles from './Modal.module.css';

type AuthTab = 'login' | 'register';

const tabs: Array<{ id: AuthTab; label: string }> = [
  { id: 'login', label: 'Log in' },
  { id: 'register', label: 'Sign up' },
];

export function AuthModal({ tab }: { tab: AuthTab }) {
  const modals = useModalStackRef();
  return (
    <div>
      <div className={styles.tabs} role="tablist" aria-label="Log in or sign up">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`auth-tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls="auth-panel"
            className={styles.tab}
            onClick={() => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: t.id } })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`} className={styles.planned}>
        {tab === 'login' ? (
          <p>Sign in with your user name or e-mail and password.</p>
        ) : (
          <p>Create an account with a user name, an e-mail address and a password of 8 or more characters.</p>
        )}
        <p className={styles.note}>Accounts are being switched on; the forms will appear here soon.</p>
      </div>
    </div>
  );
}
