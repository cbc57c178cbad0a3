import {useSelector } from '@xstate/react';
import type { ModalParams } from '../../../../machines/modalStack/machine';
import type { TokenActionKind, TokenActionMachine } from '../../../../machines/tokenAction/machine';
import { DEFAULT_UNLOCK_FEE } from '../../../../machines/staking/machine';
import { selectAmount, selectMessage, selectResult, selectSubmitting, selectSucceeded, unlockPreview } from '../../../../machines/tokenAction/selectors';
import { formatCrypto, formatStaking } from '../../../core/money';
import { useRuntime, useWallet, useWalletReady } from '../../actors/AppActor';
import { provideTokenScreens } from '../../actors/token';
import { Field, FormAlert, FormNotice } from '../forms/Field';
import formStyles from '../forms/Form.module.css';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './Token.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';

const COPY: Record<TokenActionKind, { intro: string; availableLabel: string; submit: string; busy: string; max: string }> = {
  lockTokens: { intro: 'Locked ACC earns a share of every daily payout. You can unlock it at any time for a 1% fee.', availableLabel: 'In your wallet', submit: 'Lock', busy: 'Locking…', max: 'Max' },
  unlockTokens: { intro: 'Unlocked ACC returns to your wallet less the unlock fee, which is burned for good.', availableLabel: 'Locked', submit: 'Unlock', busy: 'Unlocking…', max: 'Max' },
  addLiquidity: { intro: 'Your funds join the house bankroll; your share grows and shrinks with the pool’s results.', availableLabel: 'In your wallet', submit: 'Add liquidity', busy: 'Adding…', max: 'Max' },
  removeLiquidity: { intro: 'Take part or all of your position back to your wallet at the pool’s current value.', availableLabel: 'Your position', submit: 'Remove', busy: 'Removing…', max: 'All' },
};

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function successText(kind: TokenActionKind, result: Record<string, unknown>, currency: string): string {
  const amount = num(result.amount);
  switch (kind) {
    case 'lockTokens':
      return `Locked ${formatStaking(amount)} ACC. Your stake is now ${formatStaking(num(result.userTotalStaked))} ACC.`;
    case 'unlockTokens':
      return `Unlocked ${formatStaking(amount)} ACC: ${formatCrypto(num(result.received))} ACC returned to your wallet and ${formatCrypto(num(result.fee))} ACC was burned.`;
    case 'addLiquidity':
      return `Added ${formatCrypto(amount)} ${currency} to the ${currency} pool.`;
    case 'removeLiquidity':
      return `Removed ${formatCrypto(amount)} ${currency} from the ${currency} pool to your wallet.`;
  }
}

interface TokenActionFormProps {
  kind: TokenActionKind;
  logic: TokenActionMachine;
  currency: string;
  available: number;
  fee?: number;
}

/** One token modal's form: amount, Max (or All), the check's or the server's message, and the result. */
function TokenActionForm(props: TokenActionFormProps) {
  const actor = useScreenActor(SCREEN_IDS[props.kind], props.logic, { currency: props.currency });
  return actor ? <TokenActionFields {...props} actor={actor} /> : null;
}

function TokenActionFields({ kind, currency, available, fee, actor }: TokenActionFormProps & { actor: ActorRefFrom<TokenActionMachine> }) {
  const amount = useSelector(actor, selectAmount);
  const message = useSelector(actor, selectMessage);
  const submitting = useSelector(actor, selectSubmitting);
  const succeeded = useSelector(actor, selectSucceeded);
  const result = useSelector(actor, selectResult);
  const copy = COPY[kind];
  const preview = kind === 'unlockTokens' ? unlockPreview(amount, fee ?? DEFAULT_UNLOCK_FEE) : null;
  const accFigures = kind === 'lockTokens' || kind === 'unlockTokens';

  return (
    <form
      className={formStyles.form}
      noValidate
      data-testid={`${kind}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'user.submit', available });
      }}
    >
      <p className={styles.muted}>{copy.intro}</p>
      <div className={styles.rewardRow}>
        <span className={styles.currency}>
          <CurrencyIcon symbol={currency} /> {copy.availableLabel}
        </span>
        <strong data-testid={`${kind}-available`}>
          {accFigures ? formatStaking(available) : formatCrypto(available)} {currency}
        </strong>
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <div style={{ flex: 1 }}>
          <Field
            label={`Amount (${currency})`}
            name={`${kind}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00000000"
            value={amount}
            onChange={(e) => actor.send({ type: 'user.editAmount', value: e.target.value })}
          />
        </div>
        <button type="button" className={`${styles.buttonGhost}`} style={{ height: 44 }} onClick={() => actor.send({ type: 'user.useMax', available })}>
          {copy.max}
        </button>
      </div>
      {kind === 'unlockTokens' ? (
        <dl className={styles.details} data-testid="unlock-fee">
          <dt>Fee burned ({((fee ?? DEFAULT_UNLOCK_FEE) * 100).toFixed(0)}%)</dt>
          <dd>{preview ? `${formatCrypto(preview.fee)} ACC` : '—'}</dd>
          <dt>You receive</dt>
          <dd>{preview ? `${formatCrypto(preview.received)} ACC` : '—'}</dd>
        </dl>
      ) : null}
      <FormAlert message={message} />
      <FormNotice message={succeeded && result ? successText(kind, result, currency) : null} />
      <div className={styles.ctaRow} style={{ marginTop: 0 }}>
        <button type="submit" className={formStyles.submit} disabled={submitting} style={{ flex: 1 }}>
          {submitting ? copy.busy : copy.submit}
        </button>
        {succeeded ? (
          <button type="button" className={styles.buttonGhost} onClick={() => actor.send({ type: 'user.close' })}>
            Done
          </button>
        ) : null}
      </div>
    </form>
  );
}

const walletBalance = (currency: string) => (s: { context: { wallets: Array<{ currencySymbol: string; balance: number }> } }) =>
  s.context.wallets.find((w) => w.currencySymbol === currency)?.balance ?? 0;

// Opened from the token pages, which show once the wallet runs; the modals read its balances.
export function LockTokensModal() {
  return useWalletReady() ? <LockTokensForm /> : null;
}

function LockTokensForm() {
  const runtime = useRuntime();
  const [balance] = useWallet(walletBalance('ACC'));
  return <TokenActionForm kind="lockTokens" logic={runtime.provided(provideTokenScreens).lockTokens} currency="ACC" available={balance} />;
}

export function UnlockTokensModal({ params }: { params: ModalParams }) {
  const runtime = useRuntime();
  return (
    <TokenActionForm
      kind="unlockTokens"
      logic={runtime.provided(provideTokenScreens).unlockTokens}
      currency="ACC"
      available={num(params.staked)}
      fee={num(params.fee, DEFAULT_UNLOCK_FEE)}
    />
  );
}

export function AddLiquidityModal({ params }: { params: ModalParams }) {
  return useWalletReady() ? <AddLiquidityForm params={params} /> : null;
}

function AddLiquidityForm({ params }: { params: ModalParams }) {
  const runtime = useRuntime();
  const currency = typeof params.currency === 'string' ? params.currency : 'BTC';
  const [balance] = useWallet(walletBalance(currency));
  return <TokenActionForm kind="addLiquidity" logic={runtime.provided(provideTokenScreens).addLiquidity} currency={currency} available={balance} />;
}

export function RemoveLiquidityModal({ params }: { params: ModalParams }) {
  const runtime = useRuntime();
  const currency = typeof params.currency === 'string' ? params.currency : 'BTC';
  return <TokenActionForm kind="removeLiquidity" logic={runtime.provided(provideTokenScreens).removeLiquidity} currency={currency} available={num(params.position)} />;
}
