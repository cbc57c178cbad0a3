import { Link } from '../ui/Link';
import { sidebarLinks } from './navigation';
import styles from './Sidebar.module.css';

interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ open, onClose }: SidebarProps) {
  return (
    <>
      <nav id="sidebar" className={styles.sidebar} data-open={open} aria-label="Main menu" hidden={!open}>
        <ul className={styles.list}>
          {sidebarLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className={styles.link}
                activeProps={{ className: styles.active, 'aria-current': 'page' }}
                activeOptions={{ exact: to === '/' }}
              >
                <Icon size={19} />
                <span>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.fair}>
          <strong>Provably fair</strong>
          <span>Every outcome is fixed by your seeds before you bet.</span>
        </div>
      </nav>
      {open ? <div className={styles.scrim} onClick={onClose} aria-hidden="true" data-testid="sidebar-scrim" /> : null}
    </>
  );
}
