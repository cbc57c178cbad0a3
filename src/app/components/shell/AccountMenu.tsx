import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { selectIsBusy, selectUser } from '../../../../machines/auth/selectors';
import { AppActor, useAuth, useModalStackRef } from '../../actors/AppActor';
import styles from './AccountMenu.module.css';

const MENU_ID = 'account-menu';

/**
 * The account dropdown of docs/product.md §2. Opening and closing is the browser's popover (light dismiss,
 * Escape, focus return), so no React state; each item sends one event or navigates.
 */
export function AccountMenu() {
  const [user, sendAuth] = useAuth(selectUser);
  const [busy] = useAuth(selectIsBusy);
  const [canLogOut] = useAuth((s) => s.can({ type: 'user.logout' }));
  const modals = useModalStackRef();
  const navigate = useNavigate();
  const stats = AppActor.useSelector((s) => s.context.screens.stats);
  if (!user) return null;
  const initial = user.userName.slice(0, 1).toUpperCase();
  return (
    <div className={styles.account}>
      <button type="button" className={styles.trigger} popoverTarget={MENU_ID} aria-label={`Account menu for ${user.userName}`}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <span className={styles.name}>{user.userName}</span>
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <div id={MENU_ID} popover="auto" className={styles.menu} aria-label="Account">
        <div className={styles.who}>
          <span className={styles.avatarLarge} aria-hidden="true">
            {initial}
          </span>
          <span>
            <strong>{user.userName}</strong>
            <span className={styles.email}>{user.email}</span>
          </span>
        </div>
        <p className={styles.section}>Your account</p>
        <MenuItem onClick={() => modals.send({ type: 'user.openModal', name: 'Cashier' })}>Wallet</MenuItem>
        <MenuItem onClick={() => void navigate({ to: '/account' })}>Account</MenuItem>
        <MenuItem onClick={() => void navigate({ to: '/transactions' })}>Transactions</MenuItem>
        <MenuItem onClick={() => void navigate({ to: '/responsible-gambling' })}>Responsible gambling</MenuItem>
        <MenuItem onClick={() => void navigate({ to: '/settings' })}>Settings</MenuItem>
        <MenuItem disabled={!stats} onClick={() => stats?.send({ type: 'user.toggleStats' })}>
          Live statistics
        </MenuItem>
        <p className={styles.section}>More options</p>
        <MenuItem disabled={!canLogOut} onClick={() => sendAuth({ type: 'user.logout' })}>
          {busy ? 'Logging out…' : 'Log Out'}
        </MenuItem>
      </div>
    </div>
  );
}

/** An item of the menu: does its one thing and closes the menu. */
function MenuItem({ onClick, disabled = false, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={styles.item} popoverTarget={MENU_ID} popoverTargetAction="hide" disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
