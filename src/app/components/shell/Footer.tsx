import { Link } from '../ui/Link';
import { HomeIcon, MenuIcon, TokenIcon, MegaphoneIcon } from '../ui/icons';
import styles from './Footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <a className={styles.follow} href="https://x.com/acccasino" target="_blank" rel="noreferrer noopener">
        <MegaphoneIcon size={16} /> Follow us
      </a>
      <nav className={styles.links} aria-label="Fairness">
        <Link to="/fairness" className={styles.link}>
          Verify your bets
        </Link>
        <Link to="/rtp" className={styles.link}>
          Measured RTP
        </Link>
        <Link to="/liabilities" className={styles.link}>
          Proof of liabilities
        </Link>
      </nav>
      <p className={styles.copy}>© {new Date().getFullYear()} ACC Casino. Provably fair games. Play responsibly; 18+ only.</p>
    </footer>
  );
}

export function MobileBar({ onMenu }: { onMenu: () => void }) {
  return (
    <nav className={styles.mobileBar} aria-label="Quick links">
      <button type="button" className={styles.barItem} onClick={onMenu}>
        <MenuIcon size={20} />
        <span>Menu</span>
      </button>
      <Link to="/" className={styles.barItem} activeProps={{ className: styles.barActive }} activeOptions={{ exact: true }}>
        <HomeIcon size={20} />
        <span>Home</span>
      </Link>
      <Link to="/token" className={styles.barItem} activeProps={{ className: styles.barActive }}>
        <TokenIcon size={20} />
        <span>Token</span>
      </Link>
    </nav>
  );
}
