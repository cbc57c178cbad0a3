import { Suspense, useRef } from 'react';
import type { ReactNode } from 'react';
import type { ModalEntry, ModalName } from '../../../../machines/modalStack/machine';
import { selectIsAnyModalOpen, selectModalStack } from '../../../../machines/modalStack/selectors';
import { useModalStack, useModalStackRef } from '../../actors/AppActor';
import { useEscapeClosesTopModal, useFocusOnMount, useHotkeysPanelKey } from '../../adapters/modalHooks';
import { CloseIcon } from '../ui/icons';

// Each modal's form, machine and libraries (the cashier's QR code, the seed verifier) are a chunk of their own.
const AuthModal = lazyModal(() => import('./AuthModal').then((m) => m.AuthModal));
const CashierModal = lazyModal(() => import('../wallet/CashierModal').then((m) => m.CashierModal));
const SeedModal = lazyModal(() => import('../seed/SeedModal').then((m) => m.SeedModal));
const tokenModals = () => import('../token/TokenActionModals');
const AddLiquidityModal = lazyModal(() => tokenModals().then((m) => m.AddLiquidityModal));
const RemoveLiquidityModal = lazyModal(() => tokenModals().then((m) => m.RemoveLiquidityModal));
const LockTokensModal = lazyModal(() => tokenModals().then((m) => m.LockTokensModal));
const UnlockTokensModal = lazyModal(() => tokenModals().then((m) => m.UnlockTokensModal));
const HotkeysPanel = lazyModal(() => import('../hotkeys/HotkeysPanel').then((m) => m.HotkeysPanel));
import { lazyModal } from './lazyModals';
import styles from './Modal.module.css';

interface ModalView {
  title: string;
  render: (entry: ModalEntry) => ReactNode;
  size?: 'small' | 'medium';
}

/** What each named modal of docs/product.md §2 shows; later issues replace the planned ones with their flows. */
const views: Record<ModalName, ModalView> = {
  Auth: { title: 'Welcome', render: (entry) => <AuthModal tab={entry.params.tab === 'register' ? 'register' : 'login'} /> },
  Cashier: { title: 'Wallet', render: () => <CashierModal /> },
  Seed: { title: 'Fairness', render: () => <SeedModal /> },
  AddLiquidity: { title: 'Add liquidity', render: (entry) => <AddLiquidityModal params={entry.params} /> },
  RemoveLiquidity: { title: 'Remove liquidity', render: (entry) => <RemoveLiquidityModal params={entry.params} /> },
  LockTokens: { title: 'Lock ACC', render: () => <LockTokensModal /> },
  UnlockTokens: { title: 'Unlock ACC', render: (entry) => <UnlockTokensModal params={entry.params} /> },
  Hotkeys: { title: 'Keyboard shortcuts', render: () => <HotkeysPanel /> },
};

export function ModalHost() {
  const [stack] = useModalStack(selectModalStack);
  const [anyOpen] = useModalStack(selectIsAnyModalOpen);
  const modals = useModalStackRef();
  useEscapeClosesTopModal(modals, anyOpen);
  useHotkeysPanelKey(modals, stack.at(-1)?.name === 'Hotkeys');

  return (
    <>
      {stack.map((entry, index) => (
        <ModalFrame
          key={entry.key}
          entry={entry}
          view={views[entry.name]}
          isTop={index === stack.length - 1}
          depth={index}
          onBackdrop={() => modals.send({ type: 'user.closeTopModal' })}
          onClose={() => modals.send({ type: 'user.closeModalAt', index })}
        />
      ))}
    </>
  );
}

interface FrameProps {
  entry: ModalEntry;
  view: ModalView;
  isTop: boolean;
  depth: number;
  onBackdrop: () => void;
  onClose: () => void;
}

function ModalFrame({ entry, view, isTop, depth, onBackdrop, onClose }: FrameProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusOnMount(dialog);
  const titleId = `modal-title-${entry.key}`;
  return (
    <div className={styles.layer} style={{ zIndex: 100 + depth * 2 }} data-modal={entry.name}>
      <div className={styles.backdrop} data-testid="modal-backdrop" onClick={isTop ? onBackdrop : undefined} />
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        inert={!isTop}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {view.title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={`Close ${view.title}`}>
            <CloseIcon size={18} />
          </button>
        </div>
        <div className={styles.content}>
          <Suspense fallback={null}>{view.render(entry)}</Suspense>
        </div>
      </div>
    </div>
  );
}
