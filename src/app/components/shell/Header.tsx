import { Suspense } from 'react';
import { Link } from '../ui/Link';
import { selectIsRestoring, selectIsSignedIn } from '../../../../machines/auth/selectors';
import { useAuth, useModalStackRef } from '../../actors/AppActor';
import { lazyPart } from '../modals/lazyModals';
import { CloseIcon, Logo, MenuIcon } from '../ui/icons';
import styles from './Header.module.css';

// A visitor's first paint has no menus: the signed-in player's are a chunk of their own, fetched right
// after the first render; until it has arrived the right side stays as it is while the session is checked.
const SignedInMenus = lazyPart(() => import('./SignedInMenus').then((m) => m.SignedInMenus));

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
          <Suspense fallback={null}>
            <SignedInMenus />
          </Suspense>
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
