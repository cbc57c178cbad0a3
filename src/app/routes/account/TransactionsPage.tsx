import { Link } from '../../components/ui/Link';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LedgerRow } from '../../../core/contracts/wallet';
import { accountLabel, transactionLabel } from '../../../core/wallet/transactions';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import {
  selectDownloadError,
  selectDownloading,
  selectDownloadingBets,
  selectHasOlderRows,
  selectListError,
  selectLoadingMore,
  selectTransactionRows,
  selectTransactionsFailed,
  selectTransactionsLoading,
} from '../../../../machines/transactions/selectors';
import { useRuntime } from '../../actors/AppActor';
import { provideTransactions } from '../../actors/account';
import { useScreenActor } from '../../adapters/screenActor';
import { localDateTime } from '../../format';
import { CurrencyIcon } from '../../components/ui/CurrencyIcon';
import account from '../../components/account/Account.module.css';
import styles from '../../components/account/Transactions.module.css';

type TransactionsActor = ActorRefFrom<ReturnType<typeof provideTransactions>>;

/** /transactions (issue 20): the player's ledger rows other than bets, with a CSV of them all. Login only. */
export function TransactionsPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.transactions, runtime.provided(provideTransactions));
  return (
    <div className={account.page}>
      {actor ? (
        <Transactions actor={actor} />
      ) : (
        <div className={styles.head}>
          <h1>Transactions</h1>
        </div>
      )}
    </div>
  );
}

function Transactions({ actor }: { actor: TransactionsActor }) {
  const rows = useSelector(actor, selectTransactionRows);
  const loading = useSelector(actor, selectTransactionsLoading);
  const failed = useSelector(actor, selectTransactionsFailed);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const hasOlder = useSelector(actor, selectHasOlderRows);
  const listError = useSelector(actor, selectListError);
  const downloading = useSelector(actor, selectDownloading);
  const downloadError = useSelector(actor, selectDownloadError);
  const downloadingBets = useSelector(actor, selectDownloadingBets);
  return (
    <>
      <div className={styles.head}>
        <div>
          <h1>Transactions</h1>
          <p className={account.lead}>Deposits, withdrawals, demo funds, staking, liquidity and rewards, as the ledger holds them. Bets are in the bets tables.</p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={styles.button} disabled={downloading} onClick={() => actor.send({ type: 'user.download' })}>
            {downloading && !downloadingBets ? 'Preparing CSV…' : 'Download CSV'}
          </button>
          {downloadError ? (
            <p className={styles.alert} role="alert">
              {downloadError}
            </p>
          ) : null}
        </div>
      </div>
      <div className={styles.bets} aria-label="Your bets">
        <p className={account.lead}>
          All your bets, with their seeds: check them on the <Link to="/fairness">Fairness</Link> page or offline.
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.button} disabled={downloading} onClick={() => actor.send({ type: 'user.downloadBets', format: 'jsonl' })}>
            Bets (JSON lines)
          </button>
          <button type="button" className={styles.button} disabled={downloading} onClick={() => actor.send({ type: 'user.downloadBets', format: 'csv' })}>
            Bets (CSV)
          </button>
        </div>
      </div>
      <section className={styles.panel} aria-label="Transactions" aria-busy={loading || loadingMore}>
        {loading ? (
          <p className={styles.note} role="status">
            Loading transactions…
          </p>
        ) : failed ? (
          <div className={styles.failed}>
            <p className={styles.alert} role="alert">
              {listError}
            </p>
            <button type="button" className={styles.button} onClick={() => actor.send({ type: 'user.retry' })}>
              Try again
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className={styles.note}>No transactions yet.</p>
        ) : (
          <>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Date</th>
                  <th>Type</th>
                  <th className={styles.wide}>Reference</th>
                  <th className={styles.num}>Amount</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <TransactionRow key={row.id} row={row} />
                ))}
              </tbody>
            </table>
            {hasOlder || listError ? (
              <div className={styles.more}>
                {listError ? (
                  <p className={styles.alert} role="alert">
                    {listError}
                  </p>
                ) : null}
                {hasOlder ? (
                  <button type="button" className={styles.button} disabled={loadingMore} onClick={() => actor.send({ type: 'user.loadMore' })}>
                    {loadingMore ? 'Loading…' : 'Load more'}
                  </button>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

function TransactionRow({ row }: { row: LedgerRow }) {
  const incoming = !row.amount.startsWith('-');
  return (
    <tr data-kind={row.kind}>
      <td className={styles.when}>{localDateTime(row.createdAt)}</td>
      <td className={styles.type}>
        <span>{transactionLabel(row.kind)}</span>
        <span className={styles.sub}>{accountLabel(row.account)}</span>
      </td>
      <td className={`${styles.ref} ${styles.wide}`}>{row.ref ?? ''}</td>
      <td className={styles.num}>
        <span className={styles.amount} data-sign={incoming ? 'in' : 'out'}>
          {incoming ? `+${row.amount}` : row.amount}
          <CurrencyIcon symbol={row.currency} size={16} />
        </span>
      </td>
    </tr>
  );
}
