import { useRouterState } from '@tanstack/react-router';
import { Link } from '../ui/Link';
import { selectUser } from '../../../../machines/auth/selectors';
import { useAuth, useModalStackRef } from '../../actors/AppActor';
import { useShortcutsOn } from '../../actors/usePreferences';
import { GENERAL_HOTKEYS, groupsFor } from './gameKeys';
import type { HotkeyRow } from './gameKeys';
import styles from './Hotkeys.module.css';

/** The hotkeys panel (a modal, toggled with ?): every key of every game, the game on show first. */
export function HotkeysPanel() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const shortcutsOn = useShortcutsOn();
  const [user] = useAuth(selectUser);
  const modals = useModalStackRef();
  const groups = groupsFor(pathname);
  return (
    <div className={styles.panel}>
      {shortcutsOn ? null : (
        <p className={styles.off} role="status">
          Game shortcuts are off.{' '}
          {user ? (
            <Link to="/settings" onClick={() => modals.send({ type: 'app.closeModal', name: 'Hotkeys' })}>
              Turn them on in Settings
            </Link>
          ) : null}
        </p>
      )}
      {groups.map((group, index) => (
        <section key={group.game} className={styles.group} aria-labelledby={`hotkeys-${group.game}`} data-game={group.game}>
          <h3 id={`hotkeys-${group.game}`} className={styles.groupTitle}>
            {group.title}
            {index === 0 && pathname.startsWith(group.path) ? <span className={styles.current}>This game</span> : null}
          </h3>
          <Rows rows={group.keys} muted={!shortcutsOn} />
          {group.focused ? (
            <>
              <p className={styles.where}>{group.focused.where}</p>
              <Rows rows={group.focused.keys} muted={false} />
            </>
          ) : null}
        </section>
      ))}
      <section className={styles.group} aria-labelledby="hotkeys-general">
        <h3 id="hotkeys-general" className={styles.groupTitle}>
          Everywhere
        </h3>
        <Rows rows={GENERAL_HOTKEYS} muted={false} />
      </section>
      <p className={styles.note}>Keys do nothing while you type in a field.</p>
    </div>
  );
}

function Rows({ rows, muted }: { rows: readonly HotkeyRow[]; muted: boolean }) {
  return (
    <dl className={styles.rows} data-muted={muted ? 'true' : undefined}>
      {rows.map((row) => (
        <div key={row.does} className={styles.row}>
          <dt className={styles.keys}>
            {row.keys.map((key) => (
              <kbd key={key} className={styles.kbd}>
                {key}
              </kbd>
            ))}
          </dt>
          <dd className={styles.does}>{row.does}</dd>
        </div>
      ))}
    </dl>
  );
}
