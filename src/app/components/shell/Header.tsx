import { Link } from '@tanstack/react-router';
import { selectIsRestoring, selectIsSignedIn } from '../../../../machines/auth/selectors';
import { useAuth, useModalStackRef } from '../../actors/AppActor';
import { AccountMenu } from './AccountMenu';
import { BalanceMenu } from '../wallet/BalanceMenu';
import { CloseIcon, Logo, MenuIcon } from '../ui/icons';
import styles from './Header.module.css';

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function Header({ sidebarOpen, onToggleSidebar }: HeaderProps) {
  const modals = useModalStackRef();
  const [signedIn] = useAuth(selectIsSignedIn);
  const [restoring] = useAuth(selectIsRestoring);
  return (
    <header className={styles.header}>
      <div className={styles.left}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={onToggleSidebar}
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
        >
          {sidebarOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className={styles.brand} aria-label="ACC Casino home">
          <Logo />
          <span className={styles.brandText}>
            ACC<span className={styles.brandAccent}>Casino</span>
          </span>
        </Link>
      </div>
      <div className={styles.right}>
        {/* While the stored session is being checked, show neither the buttons nor the menu. */}
        {restoring ? null : signedIn ? (
          <>
            <BalanceMenu />
            <AccountMenu />
          </>
        ) : (
          <VisitorButtons onOpen={(tab) => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab } })} />
        )}
      </div>
    </header>
  );
}

function VisitorButtons({ onOpen }: { onOpen: (tab: 'login' | 'register') => void }) {
  return (
    <>
        <button
          type="button"
          className={styles.ghost}
          onClick={() => onOpen('login')}
        >
          LOG IN
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={() => onOpen('register')}
        >
          SIGN UP
        </button>
    </>
  );
}
