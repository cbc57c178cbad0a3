import { Suspense } from 'react';
import { Outlet } from '@tanstack/react-router';
import { selectSidebarOpen } from '../../../../machines/shell/selectors';
import { useShell, useShellRef } from '../../actors/AppActor';
import { MAIN_ID } from '../../adapters/dom';
import { useDocumentTitle, useNavigationEvents, useViewportEvents } from '../../adapters/hooks';
import { lazyPart } from '../modals/lazyModals';
import { Footer, MobileBar } from './Footer';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import styles from './Shell.module.css';

// No modal is open on a first paint, nor the welcome of a player who has just signed up: the modal
// host (and the modals it declares) and the welcome panel are chunks of their own.
const ModalHost = lazyPart(() => import('../modals/ModalHost').then((m) => m.ModalHost));
const Welcome = lazyPart(() => import('./Welcome').then((m) => m.Welcome));

export function Shell() {
  const shell = useShellRef();
  const [sidebarOpen, sendShell] = useShell(selectSidebarOpen);
  useViewportEvents(shell);
  useNavigationEvents(shell);
  useDocumentTitle();

  return (
    <div className={styles.shell} data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <Header onToggleSidebar={() => sendShell({ type: 'user.toggleSidebar' })} sidebarOpen={sidebarOpen} />
      <div className={styles.body}>
        <Sidebar open={sidebarOpen} onClose={() => sendShell({ type: 'user.closeSidebar' })} />
        <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
          <div className={styles.content}>
            <Suspense fallback={null}>
              <Welcome />
            </Suspense>
            <Outlet />
          </div>
          <Footer />
        </main>
      </div>
      <MobileBar onMenu={() => sendShell({ type: 'user.toggleSidebar' })} />
      <Suspense fallback={null}>
        <ModalHost />
      </Suspense>
    </div>
  );
}
