import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { LimitEntry, PlayBlock } from '../../../core/contracts/account';
import { formatCents } from '../../../core/money';
import {
  BREAK_LABELS,
  BREAK_LENGTHS,
  EXCLUSION_LABELS,
  EXCLUSION_LENGTHS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  RG_MESSAGES,
} from '../../../core/responsible/rules';
import type { BreakLength, ExclusionLength, LimitKind, LimitPeriod } from '../../../core/responsible/rules';
import type { BlockRequest } from '../../../../machines/responsible/machine';
import {
  selectBlock,
  selectConfirming,
  selectLimitForm,
  selectLimits,
  selectMessagesTopic,
  selectResponsibleBusy,
  selectResponsibleMessages,
  selectResponsibleView,
  selectSending,
  selectStartingBlock,
} from '../../../../machines/responsible/selectors';
import { SCREEN_IDS } from '../../../../machines/shared/screens';
import { useRuntime } from '../../actors/AppActor';
import { provideResponsible } from '../../actors/responsible';
import { useScreenActor } from '../../adapters/screenActor';
import { localDateTime } from '../../format';
import { FormAlert, FormNotice } from '../../components/forms/Field';
import account from '../../components/account/Account.module.css';
import form from '../../components/forms/Form.module.css';
import styles from '../../components/account/Responsible.module.css';

type ResponsibleActor = ActorRefFrom<ReturnType<typeof provideResponsible>>;

const KIND_LABELS: Record<LimitKind, string> = { deposit: 'Deposit limit', loss: 'Loss limit', wager: 'Wager limit' };
const KIND_HINTS: Record<LimitKind, string> = {
  deposit: 'Deposits and demo funds coming in.',
  loss: 'Wagers minus what they paid back; a bet counts as lost in full until it settles.',
  wager: 'Everything staked: bets, doubles, splits, mines games.',
};
const PERIOD_LABELS: Record<LimitPeriod, string> = { day: 'Daily (24 h)', week: 'Weekly (7 days)', month: 'Monthly (30 days)' };
const iso = (at: string | null) => (at === null ? '' : localDateTime(at));

/** /responsible-gambling: limits, a break and self-exclusion (docs/product.md "Responsible gambling"). Login only. */
export function ResponsibleGamblingPage() {
  const runtime = useRuntime();
  const actor = useScreenActor(SCREEN_IDS.responsible, runtime.provided(provideResponsible));
  return (
    <div className={account.page}>
      <div>
        <h1>Responsible gambling</h1>
        <p className={account.lead}>
          Set limits on what you deposit, lose and wager, or take time away. The casino enforces them on every bet and deposit, in every currency, counted in
          dollars over the last 24 hours, 7 days and 30 days.
        </p>
      </div>
      {actor ? <Responsible actor={actor} /> : null}
    </div>
  );
}

function Responsible({ actor }: { actor: ResponsibleActor }) {
  const view = useSelector(actor, selectResponsibleView);
  const { formError } = useSelector(actor, selectResponsibleMessages);
  if (view === 'loading') return <p className={form.hint}>Loading your limits…</p>;
  if (view === 'unavailable') {
    return (
      <div className={form.form}>
        <FormAlert message={formError} />
        <button type="button" className={form.secondary} onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <BlockBanner actor={actor} />
      <section className={account.card} aria-labelledby="limits-heading">
        <h2 id="limits-heading">Your limits</h2>
        <p className={form.hint}>A new or lower limit applies at once. A higher limit, or removing one, takes effect 24 hours later.</p>
        <LimitsTable actor={actor} />
        <LimitForm actor={actor} />
        <Messages actor={actor} topic="limits" />
      </section>
      <BreakAndExclusion actor={actor} />
      <Messages actor={actor} topic="blocks" />
    </>
  );
}

/** The last answer, shown under the part of the page that asked (the limits, or the break and exclusion). */
function Messages({ actor, topic }: { actor: ResponsibleActor; topic: 'limits' | 'blocks' }) {
  const { formError, notice } = useSelector(actor, selectResponsibleMessages);
  const shownHere = useSelector(actor, selectMessagesTopic) === topic;
  const confirming = useSelector(actor, selectConfirming);
  if (confirming || !shownHere) return null;
  return (
    <div aria-live="polite">
      <FormAlert message={formError} />
      <FormNotice message={notice} />
    </div>
  );
}

function BlockBanner({ actor }: { actor: ResponsibleActor }) {
  const block = useSelector(actor, selectBlock);
  if (!block) return null;
  return (
    <section className={styles.banner} aria-labelledby="block-heading" data-kind={block.kind}>
      <h2 id="block-heading">{blockTitle(block)}</h2>
      <p>
        {block.permanent
          ? 'Betting and deposits are closed on this account for good.'
          : `Betting and deposits are paused until ${iso(block.until)} (your time). Withdrawals stay open, and a round already in play can be finished.`}
      </p>
    </section>
  );
}

const blockTitle = (block: PlayBlock) =>
  block.permanent ? 'You have excluded yourself permanently' : block.kind === 'break' ? `You are on a break until ${iso(block.until)}` : `You have excluded yourself until ${iso(block.until)}`;

function LimitsTable({ actor }: { actor: ResponsibleActor }) {
  const limits = useSelector(actor, selectLimits);
  const busy = useSelector(actor, selectResponsibleBusy);
  const sending = useSelector(actor, selectSending);
  return (
    <div className={styles.kinds}>
      {LIMIT_KINDS.map((kind) => (
        <div key={kind} className={styles.kind} role="group" aria-label={KIND_LABELS[kind]}>
          <h3>{KIND_LABELS[kind]}</h3>
          <p className={styles.kindHint}>{KIND_HINTS[kind]}</p>
          <ul className={styles.rows}>
            {LIMIT_PERIODS.map((period) => {
              const limit = limits.find((l) => l.kind === kind && l.period === period);
              return limit ? (
                <LimitRow
                  key={period}
                  limit={limit}
                  removing={sending?.kind === kind && sending.period === period && sending.amount === null}
                  canRemove={!busy && limit.amountCents !== null && !(limit.pendingAt !== null && limit.pendingCents === null)}
                  onRemove={() => actor.send({ type: 'user.removeLimit', kind, period })}
                />
              ) : null;
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function LimitRow(props: { limit: LimitEntry; removing: boolean; canRemove: boolean; onRemove: () => void }) {
  const { limit, removing, canRemove, onRemove } = props;
  const label = `${PERIOD_LABELS[limit.period]} ${limit.kind} limit`;
  const used = limit.kind === 'loss' && limit.usedCents < 0 ? `${formatCents(BigInt(-limit.usedCents))} up` : formatCents(BigInt(Math.max(0, limit.usedCents)));
  return (
    <li className={styles.row} aria-label={label} data-set={limit.amountCents !== null}>
      <span className={styles.period}>{PERIOD_LABELS[limit.period]}</span>
      <span className={styles.amount}>{limit.amountCents === null ? 'No limit' : formatCents(BigInt(limit.amountCents))}</span>
      <span className={styles.used}>
        {limit.kind === 'loss' ? 'Net loss' : 'Used'} {used}
        {limit.amountCents !== null ? <Meter used={limit.usedCents} of={limit.amountCents} /> : null}
      </span>
      {limit.pendingAt !== null ? (
        <span className={styles.pending}>
          {limit.pendingCents === null ? `Removed on ${iso(limit.pendingAt)}` : `Raises to ${formatCents(BigInt(limit.pendingCents))} on ${iso(limit.pendingAt)}`}
        </span>
      ) : null}
      {limit.amountCents !== null ? (
        <button type="button" className={styles.remove} disabled={!canRemove} onClick={onRemove} aria-label={`Remove the ${label}`}>
          {removing ? 'Removing…' : 'Remove'}
        </button>
      ) : null}
    </li>
  );
}

function Meter({ used, of }: { used: number; of: number }) {
  const share = Math.min(1, Math.max(0, used / of));
  return (
    <span className={styles.meter} aria-hidden="true">
      <span style={{ width: `${share * 100}%` }} data-full={share >= 1} />
    </span>
  );
}

function LimitForm({ actor }: { actor: ResponsibleActor }) {
  const values = useSelector(actor, selectLimitForm);
  const { fieldError } = useSelector(actor, selectResponsibleMessages);
  const busy = useSelector(actor, selectResponsibleBusy);
  const saving = useSelector(actor, (s) => s.matches('savingLimit') && s.context.sending?.amount !== null);
  return (
    <form
      className={styles.limitForm}
      aria-label="Set a limit"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'user.submitLimit' });
      }}
    >
      <label className={form.field}>
        <span className={form.label}>Limit</span>
        <select className={form.input} value={values.kind} onChange={(e) => actor.send({ type: 'user.changeLimit', kind: e.target.value as LimitKind })}>
          {LIMIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className={form.field}>
        <span className={form.label}>Period</span>
        <select className={form.input} value={values.period} onChange={(e) => actor.send({ type: 'user.changeLimit', period: e.target.value as LimitPeriod })}>
          {LIMIT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
      </label>
      <label className={form.field}>
        <span className={form.label}>Amount (USD)</span>
        <input
          className={form.input}
          name="amount"
          inputMode="decimal"
          placeholder="100.00"
          value={values.amount}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'limit-amount-error' : undefined}
          onChange={(e) => actor.send({ type: 'user.changeLimit', amount: e.target.value })}
        />
      </label>
      <button type="submit" className={`${form.submit} ${styles.save}`} disabled={busy}>
        {saving ? 'Saving…' : 'Save limit'}
      </button>
      {fieldError ? (
        <p id="limit-amount-error" className={`${form.fieldError} ${styles.formError}`}>
          {fieldError}
        </p>
      ) : null}
    </form>
  );
}

function BreakAndExclusion({ actor }: { actor: ResponsibleActor }) {
  const block = useSelector(actor, selectBlock);
  const busy = useSelector(actor, selectResponsibleBusy);
  // The request being confirmed or sent: its section shows the confirmation.
  const asking = useSelector(actor, (s) => (s.matches('confirmingBlock') || s.matches('startingBlock') ? s.context.block : null));
  const choose = (request: BlockRequest) => actor.send({ type: 'user.chooseBlock', block: request });
  if (block?.permanent) return null;
  return (
    <div className={account.grid}>
      <section className={account.card} aria-labelledby="break-heading">
        <h2 id="break-heading">Take a break</h2>
        <p className={form.hint}>Stop betting and deposits for a while. It cannot be ended early; a longer break may replace it.</p>
        {block?.kind === 'break' ? <p className={styles.runs}>Your break runs until {iso(block.until)}: only a longer one can be chosen.</p> : null}
        <div className={styles.choices}>
          {(Object.keys(BREAK_LENGTHS) as BreakLength[]).map((length) => (
            <button key={length} type="button" className={styles.choice} disabled={busy || asking !== null} onClick={() => choose({ kind: 'break', length })}>
              {BREAK_LABELS[length]}
            </button>
          ))}
        </div>
        {asking?.kind === 'break' ? <Confirm actor={actor} /> : null}
      </section>
      <section className={account.card} aria-labelledby="exclusion-heading">
        <h2 id="exclusion-heading">Self-exclusion</h2>
        <p className={form.hint}>Close betting and deposits for months, or for good. Withdrawals stay open.</p>
        {block?.kind === 'exclusion' ? <p className={styles.runs}>Your self-exclusion runs until {iso(block.until)}: only a longer one can be chosen.</p> : null}
        <div className={styles.choices}>
          {(Object.keys(EXCLUSION_LENGTHS) as ExclusionLength[]).map((length) => (
            <button key={length} type="button" className={styles.choice} disabled={busy || asking !== null} onClick={() => choose({ kind: 'exclusion', length })}>
              {EXCLUSION_LABELS[length]}
            </button>
          ))}
        </div>
        {asking?.kind === 'exclusion' ? <Confirm actor={actor} /> : null}
      </section>
    </div>
  );
}

function Confirm({ actor }: { actor: ResponsibleActor }) {
  const request = useSelector(actor, (s) => s.context.block);
  const starting = useSelector(actor, selectStartingBlock);
  if (!request) return null;
  const what =
    request.kind === 'break'
      ? `Take a break for ${BREAK_LABELS[request.length]}?`
      : request.length === 'permanent'
        ? 'Exclude yourself permanently?'
        : `Exclude yourself for ${EXCLUSION_LABELS[request.length]}?`;
  return (
    <div className={styles.confirm} role="alertdialog" aria-labelledby="confirm-block-title" aria-describedby="confirm-block-text">
      <p id="confirm-block-title" className={styles.confirmTitle}>
        {what}
      </p>
      <p id="confirm-block-text">
        Betting and deposits stop at once. <strong>{RG_MESSAGES.confirmUndo}</strong>
      </p>
      <div className={styles.confirmActions}>
        <button type="button" className={form.secondary} disabled={starting} onClick={() => actor.send({ type: 'user.cancel' })}>
          Cancel
        </button>
        <button type="button" className={styles.danger} disabled={starting} onClick={() => actor.send({ type: 'user.confirm' })}>
          {starting ? 'Confirming…' : 'Confirm'}
        </button>
      </div>
    </div>
  );
}
