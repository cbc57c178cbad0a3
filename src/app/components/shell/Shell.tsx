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
import { Welcome } from './Welcome';
import styles from './Shell.module.css';

// No modal is open on a first paint: the host (and the modals it declares) is a chunk of its own.
const ModalHost = lazyPart(() => import('../modals/ModalHost').then((m) => m.ModalHost));

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
            <Welcome />
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
