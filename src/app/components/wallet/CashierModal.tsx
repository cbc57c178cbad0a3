import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectAddressState,
  selectCanClaimDemo,
  selectClaiming,
  selectCopied,
  selectDemoNotForCurrency,
  selectDemoNotice,
  selectDemoOffered,
  selectSubmitting,
  selectTab,
  selectWithdrawalsLoading,
} from '../../../../machines/cashier/selectors';
import { selectSelectedWallet } from '../../../../machines/wallet/selectors';
import { useRuntime, useWalletReady, useWalletRef } from '../../actors/AppActor';
import { QrCode } from '../ui/QrCode';
import { Field, FormAlert } from '../forms/Field';
import formStyles from '../forms/Form.module.css';
import { formatCrypto } from '../../../core/money';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './Cashier.module.css';
import type { ActorRefFrom } from 'xstate';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useScreenActor } from '../../adapters/screenActor';
import { provideCashier } from '../../actors/cashier';
import { TabList } from '../ui/TabList';

const CASHIER_TABS = [
  { id: 'deposit', label: 'Deposit' },
  { id: 'withdraw', label: 'Withdraw' },
] as const;

/**
 * The Cashier modal: Deposit (address, QR, copy, demo funds) and Withdraw (form and list). It opens from
 * what shows only once the wallet runs (the balance menu, a game, the welcome panel), so it has it.
 */
export function CashierModal() {
  return useWalletReady() ? <CashierScreen /> : null;
}

function CashierScreen() {
  const runtime = useRuntime();
  const wallet = useWalletRef();
  const selected = useSelector(wallet, selectSelectedWallet, shallowEqual);
  const cashier = useScreenActor(SCREEN_IDS.cashier, runtime.provided(provideCashier), { currency: selected.currencySymbol });
  return cashier ? <Cashier cashier={cashier} /> : null;
}

function Cashier({ cashier }: { cashier: CashierRef }) {
  const wallet = useWalletRef();
  const wallets = useSelector(wallet, (s) => s.context.wallets, shallowEqual);
  const tab = useSelector(cashier, selectTab);
  const context = useSelector(cashier, (s) => s.context);
  const currency = context.currency;
  const balance = wallets.find((w) => w.currencySymbol === currency)?.balance ?? 0;

  const chooseCurrency = (symbol: string) => {
    cashier.send({ type: 'user.selectCurrency', currency: symbol });
    wallet.send({ type: 'user.selectCurrency', symbol });
  };

  return (
    <div className={styles.cashier}>
      <TabList label="Deposit or withdraw" tabs={CASHIER_TABS} selected={tab} classes={styles} onSelect={(id) => cashier.send({ type: 'user.selectTab', tab: id })} />
      <label className={styles.currency}>
        <span>Currency</span>
        <span className={styles.select}>
          <CurrencyIcon symbol={currency} size={18} />
          <select value={currency} onChange={(e) => chooseCurrency(e.target.value)} aria-label="Currency">
            {wallets.map((w) => (
              <option key={w.currencySymbol} value={w.currencySymbol}>
                {w.currencySymbol}
              </option>
            ))}
          </select>
        </span>
      </label>
      {tab === 'deposit' ? <DepositTab cashier={cashier} currency={currency} /> : <WithdrawTab cashier={cashier} currency={currency} balance={balance} />}
    </div>
  );
}

type CashierRef = ActorRefFrom<ReturnType<typeof provideCashier>>;

function DepositTab({ cashier, currency }: { cashier: CashierRef; currency: string }) {
  const addressState = useSelector(cashier, selectAddressState);
  const address = useSelector(cashier, (s) => s.context.address);
  const addressRefusal = useSelector(cashier, (s) => s.context.addressRefusal);
  const copied = useSelector(cashier, selectCopied);
  const demoOffered = useSelector(cashier, selectDemoOffered);
  const claiming = useSelector(cashier, selectClaiming);
  const notice = useSelector(cashier, selectDemoNotice, shallowEqual);
  const canClaim = useSelector(cashier, selectCanClaimDemo);
  const notForCurrency = useSelector(cashier, selectDemoNotForCurrency);
  return (
    <div className={styles.panel}>
      {addressState === 'loading' ? <p className={styles.muted}>Fetching your {currency} address…</p> : null}
      {addressState === 'unavailable' ? <p className={formStyles.alert}>{addressRefusal ?? 'Your deposit address could not be fetched. Please try again.'}</p> : null}
      {addressState === 'shown' && address ? (
        <>
          <p className={styles.muted}>Send only {currency} to this address. Deposits are credited after network confirmation.</p>
          <div className={styles.qr}>
            <QrCode value={address} label={`${currency} deposit address QR code`} />
          </div>
          <div className={styles.addressRow}>
            <code className={styles.address} data-testid="deposit-address">
              {address}
            </code>
            <button type="button" className={styles.copy} onClick={() => cashier.send({ type: 'user.copyAddress' })} aria-live="polite">
              {copied ? 'Copied!' : 'Copy'}
            </button>
          </div>
        </>
      ) : null}
      {demoOffered ? (
        <div className={styles.demo}>
          <div>
            <strong>Play money</strong>
            <p className={styles.muted}>This casino runs in demo mode: claim $100 worth of {currency} once an hour.</p>
          </div>
          {notForCurrency ? null : (
            <button type="button" className={formStyles.submit} disabled={!canClaim} onClick={() => cashier.send({ type: 'user.claimDemoFunds' })}>
              {claiming ? 'Claiming…' : 'Get demo funds'}
            </button>
          )}
          {notice ? (
            <p className={notice.kind === 'alert' ? formStyles.alert : formStyles.notice} role={notice.kind}>
              <span>{notice.text}</span>
              {notice.detail ? <span> {notice.detail}</span> : null}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function WithdrawTab({ cashier, currency, balance }: { cashier: CashierRef; currency: string; balance: number }) {
  const context = useSelector(cashier, (s) => s.context);
  const submitting = useSelector(cashier, selectSubmitting);
  const listLoading = useSelector(cashier, selectWithdrawalsLoading);
  const canCancel = useSelector(cashier, (s) => s.matches({ withdraw: { list: 'ready' } }));
  return (
    <div className={styles.panel}>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          cashier.send({ type: 'user.submitWithdrawal', balance });
        }}
      >
        <Field
          label={`${currency} address`}
          name="withdraw-address"
          value={context.withdrawAddress}
          autoComplete="off"
          spellCheck={false}
          mono
          onChange={(e) => cashier.send({ type: 'user.editWithdrawAddress', value: e.target.value })}
        />
        <div className={styles.amountRow}>
          <Field
            label="Amount"
            name="withdraw-amount"
            inputMode="decimal"
            value={context.withdrawAmount}
            placeholder="0.00000000"
            onChange={(e) => cashier.send({ type: 'user.editWithdrawAmount', value: e.target.value })}
          />
          <button type="button" className={styles.max} onClick={() => cashier.send({ type: 'user.useMax', balance })}>
            Max
          </button>
        </div>
        <p className={styles.muted}>
          Balance: <span data-testid="withdraw-balance">{formatCrypto(balance)}</span> {currency}
        </p>
        <FormAlert message={context.withdrawMessage} />
        <button type="submit" className={formStyles.submit} disabled={submitting}>
          {submitting ? 'Requesting…' : 'Withdraw'}
        </button>
      </form>
      <h3 className={styles.subhead}>Your withdrawals</h3>
      {listLoading ? <p className={styles.muted}>Loading…</p> : null}
      {!listLoading && context.withdrawals.length === 0 ? <p className={styles.muted}>No withdrawals yet.</p> : null}
      <ul className={styles.withdrawals}>
        {context.withdrawals.map((w) => (
          <li key={w.id} className={styles.withdrawal} data-status={w.status}>
            <span className={styles.wAmount}>
              {formatCrypto(w.amount)} {w.currency}
            </span>
            <span className={styles.wAddress} title={w.address}>
              {w.address}
            </span>
            <span className={styles.wStatus}>{w.status}</span>
            {w.status === 'refused' && w.reason ? <span className={styles.wReason}>Refused: {w.reason} The amount is back in your balance.</span> : null}
            {w.status === 'pending' ? (
              <button
                type="button"
                className={styles.cancel}
                disabled={!canCancel}
                onClick={() => cashier.send({ type: 'user.cancelWithdrawal', id: w.id })}
              >
                Cancel
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
