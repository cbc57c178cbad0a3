import { Link } from '@tanstack/react-router';
import { useModalStackRef } from '../../actors/AppActor';
import { CloseIcon, Logo, MenuIcon } from '../ui/icons';
import styles from './Header.module.css';

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function Header({ sidebarOpen, onToggleSidebar }: HeaderProps) {
  const modals = useModalStackRef();
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
        <button
          type="button"
          className={styles.ghost}
          onClick={() => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'login' } })}
        >
          LOG IN
        </button>
        <button
          type="button"
          className={styles.primary}
          onClick={() => modals.send({ type: 'user.openModal', name: 'Auth', params: { tab: 'register' } })}
        >
          SIGN UP
        </button>
      </div>
    </header>
  );
}
