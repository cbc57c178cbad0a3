/**
 * The Cashier modal (issue 4, not shown in docs/product.md): a Deposit tab with the player's address, a
 * copy button (copied for 1.5 s, docs/product.md §9) and, in demo mode, free play money; a Withdraw tab with
 * address, amount (Max), checks, and the list of withdrawals with Cancel. Lives while the modal is open.
 *
 * Receives user.* from the modal. Effects src/app provides: loadAddress, loadDemoMode, claimDemoFunds, withdraw,
 * loadWithdrawals, cancelWithdrawal (actors), copyText and announceFundsMoved (actions: the wallet
 * reloads its balances from the server after any movement, so a deposit event can never count twice).
 */
import { assign, sendTo, setup } from 'xstate';
import { SYSTEM_IDS } from '../shared/system';
import { effectAction, effectActor } from '../shared/effects';
import { failureOf } from '../shared/requestFailure';
import { decimalToUnits, parseAmount, unitsToNumber } from '../../src/core/money';

import { DEFAULT_DEMO_CLAIM_INTERVAL_SECONDS, DEMO_MESSAGES, WITHDRAW_MESSAGES, checkWithdrawal, failureMessage } from './context';
import type { CashierContext, CashierEvent, CashierFailure, CashierInfo, CashierInput, DemoClaim, Withdrawal } from './context';

export * from './context';

export const cashierMachine = setup({
  types: {
    context: {} as CashierContext,
    events: {} as CashierEvent,
    input: {} as CashierInput,
  },
  actors: {
    loadAddress: effectActor<string, { currency: string }>('loadAddress'),
    /** Whether the casino runs in demo mode, in which currencies, and the player's waits (GET /wallet/get-cashier-info). */
    loadDemoMode: effectActor<CashierInfo>('loadDemoMode'),
    claimDemoFunds: effectActor<DemoClaim, { currency: string }>('claimDemoFunds'),
    withdraw: effectActor<Withdrawal, { currency: string; address: string; amount: string }>('withdraw'),
    loadWithdrawals: effectActor<Withdrawal[]>('loadWithdrawals'),
    cancelWithdrawal: effectActor<void, { id: number }>('cancelWithdrawal'),
  },
  delays: {
    /** docs/product.md §9: the copy button shows its success for 1.5 s. */
    copiedFlag: 1500,
    /** Until the next demo claim opens (the server's Retry-After or the cashier info's wait). */
    demoClaimOpens: ({ context }) => Math.max(0, context.demoWaitSeconds) * 1000,
  },
  actions: {
    copyText: effectAction<{ text: string }>('copyText'),
    /** The wallet reads the balances again after demo funds, a withdrawal or its cancellation. */
    announceFundsMoved: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.wallet),
      (_, params: { currency: string }) => ({ type: 'cashier.fundsMoved' as const, currency: params.currency }),
    ),
  },
  guards: {
    demoOff: (_, params: { info: CashierInfo }) => !params.info.demoFunds,
    notDemoCurrency: ({ context }, params: { info: CashierInfo }) =>
      params.info.demoCurrencies !== undefined && !params.info.demoCurrencies.includes(context.currency),
    claimNotDue: ({ context }, params: { info: CashierInfo }) => (params.info.demoClaimWaits?.[context.currency] ?? 0) > 0,
    tooSoon: (_, params: { error: unknown }) => ((params.error as CashierFailure | undefined)?.retryAfter ?? 0) > 0,
    withdrawalIsValid: ({ context, event }) =>
      event.type === 'user.submitWithdrawal' && checkWithdrawal(context, event.balance) === null,
    isPending: ({ context, event }) =>
      event.type === 'user.cancelWithdrawal' && context.withdrawals.some((w) => w.id === event.id && w.status === 'pending'),
  },
}).createMachine({
  id: 'cashier',
  context: ({ input }) => ({
    currency: input.currency,
    address: null,
    addressRefusal: null,
    demoMessage: null,
    demoWaitSeconds: 0,
    demoInfo: null,
    nextClaimAt: null,
    lastClaim: null,
    withdrawAddress: '',
    withdrawAmount: '',
    withdrawMessage: null,
    withdrawals: [],
    cancellingId: null,
  }),
  initial: 'deposit',
  on: {
    'user.selectTab': [
      { guard: ({ event }) => event.tab === 'withdraw', target: '.withdraw' },
      { target: '.deposit' },
    ],
    'user.selectCurrency': {
      target: '.deposit',
      actions: assign({
        currency: ({ event }) => event.currency,
        address: null,
        addressRefusal: null,
        demoMessage: null,
        demoWaitSeconds: 0,
        lastClaim: null,
        withdrawMessage: null,
      }),
      reenter: true,
    },
  },
  states: {
    deposit: {
      type: 'parallel',
      states: {
        address: {
          initial: 'loading',
          states: {
            loading: {
              description: "The player's deposit address for the currency is being fetched.",
              invoke: {
                id: 'loadAddress',
                src: 'loadAddress',
                input: ({ context }) => ({ currency: context.currency }),
                onDone: { target: 'shown', actions: assign({ address: ({ event }) => event.output }) },
                onError: {
                  target: 'unavailable',
                  // A refusal the server words (4xx) is shown as it is; an unreachable server keeps the tab's own words.
                  actions: assign({ addressRefusal: ({ event }) => (typeof failureOf(event.error).status === 'number' ? (failureOf(event.error).message ?? null) : null) }),
                },
              },
            },
            shown: {
              description: 'The address and its QR code are shown with a copy button.',
              initial: 'ready',
              states: {
                ready: {
                  description: 'Copy puts the address on the clipboard.',
                  on: {
                    'user.copyAddress': {
                      target: 'copied',
                      actions: { type: 'copyText', params: ({ context }) => ({ text: context.address ?? '' }) },
                    },
                  },
                },
                copied: {
                  description: 'The copy button says Copied for 1.5 s.',
                  tags: ['copied'],
                  after: { copiedFlag: 'ready' },
                },
              },
            },
            unavailable: {
              description: 'The address could not be fetched; the tab says so.',
            },
          },
        },
        demo: {
          initial: 'checking',
          states: {
            checking: {
              description:
                "Asks the server whether the casino runs in demo mode, which currencies it hands out and when the player's next claim opens; only then are demo funds offered.",
              invoke: {
                id: 'loadDemoMode',
                src: 'loadDemoMode',
                onDone: [
                  { guard: { type: 'demoOff', params: ({ event }) => ({ info: event.output }) }, target: 'off' },
                  {
                    guard: { type: 'notDemoCurrency', params: ({ event }) => ({ info: event.output }) },
                    target: 'notForThisCurrency',
                    actions: assign({ demoInfo: ({ event }) => event.output }),
                  },
                  {
                    guard: { type: 'claimNotDue', params: ({ event }) => ({ info: event.output }) },
                    target: 'waiting',
                    actions: assign({
                      demoInfo: ({ event }) => event.output,
                      demoWaitSeconds: ({ context, event }) => event.output.demoClaimWaits?.[context.currency] ?? 0,
                    }),
                  },
                  { target: 'offered', actions: assign({ demoInfo: ({ event }) => event.output }) },
                ],
                onError: 'off',
              },
            },
            off: { description: 'Real-money mode: no demo funds.' },
            notForThisCurrency: {
              description: 'Demo mode, but the server does not hand out this currency (ACC is earned by playing): no button, a line says why.',
              tags: ['demoVisible'],
            },
            offered: {
              description: 'The Get demo funds button is available.',
              tags: ['demoVisible'],
              on: { 'user.claimDemoFunds': 'claiming' },
            },
            claiming: {
              description: 'The claim is on its way to the server.',
              tags: ['busy', 'demoVisible'],
              entry: assign({ demoMessage: null, lastClaim: null }),
              invoke: {
                id: 'claimDemoFunds',
                src: 'claimDemoFunds',
                input: ({ context }) => ({ currency: context.currency }),
                onDone: {
                  target: 'claimed',
                  actions: [
                    assign({
                      lastClaim: ({ event }) => event.output,
                      nextClaimAt: ({ event }) => event.output.nextClaimAt,
                      demoMessage: null,
                    }),
                    { type: 'announceFundsMoved', params: ({ context }) => ({ currency: context.currency }) },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'tooSoon', params: ({ event }) => ({ error: event.error }) },
                    target: 'waiting',
                    actions: assign({
                      demoWaitSeconds: ({ event }) => (event.error as CashierFailure).retryAfter ?? 0,
                      nextClaimAt: ({ context, event }) => (event.error as CashierFailure | undefined)?.retryAt ?? context.nextClaimAt,
                    }),
                  },
                  {
                    target: 'refused',
                    actions: assign({
                      demoMessage: ({ event }) => failureMessage(event.error, DEMO_MESSAGES.failed),
                      nextClaimAt: ({ context, event }) => (event.error as CashierFailure | undefined)?.retryAt ?? context.nextClaimAt,
                    }),
                  },
                ],
              },
            },
            claimed: {
              description: 'Play money was credited: one message says how much; the button is disabled until the next claim opens (an hour).',
              tags: ['demoVisible', 'claimWaiting'],
              entry: assign({ demoWaitSeconds: ({ context }) => context.demoInfo?.demoClaimIntervalSeconds ?? DEFAULT_DEMO_CLAIM_INTERVAL_SECONDS }),
              after: { demoClaimOpens: 'offered' },
            },
            waiting: {
              description: "A claim is not yet due (the server said so): one message gives the wait in words ('You can claim again in 58 minutes.') and the button is disabled until then.",
              tags: ['demoVisible', 'claimWaiting'],
              after: { demoClaimOpens: 'offered' },
            },
            refused: {
              description: 'The server refused the claim for another reason (no rate); its message is shown and the player may try again.',
              tags: ['demoVisible'],
              on: { 'user.claimDemoFunds': 'claiming' },
            },
          },
        },
      },
    },
    withdraw: {
      type: 'parallel',
      on: {
        'user.editWithdrawAddress': { actions: assign({ withdrawAddress: ({ event }) => event.value.trim(), withdrawMessage: null }) },
        'user.editWithdrawAmount': { actions: assign({ withdrawAmount: ({ event }) => event.value, withdrawMessage: null }) },
        'user.useMax': { actions: assign({ withdrawAmount: ({ event }) => String(unitsToNumber(decimalToUnits(event.balance))), withdrawMessage: null }) },
      },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              description: 'Address and amount are being typed; a refused check says why.',
              on: {
                'user.submitWithdrawal': [
                  { guard: 'withdrawalIsValid', target: 'submitting' },
                  { actions: assign({ withdrawMessage: ({ context, event }) => checkWithdrawal(context, event.balance) }) },
                ],
              },
            },
            submitting: {
              description: 'The withdrawal request is on its way; the amount leaves the balance at once.',
              tags: ['busy'],
              invoke: {
                id: 'withdraw',
                src: 'withdraw',
                input: ({ context }) => ({
                  currency: context.currency,
                  address: context.withdrawAddress,
                  amount: parseAmount(context.withdrawAmount).ok ? (parseAmount(context.withdrawAmount) as { canonical: string }).canonical : '0',
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    assign({
                      withdrawals: ({ context, event }) => [event.output, ...context.withdrawals],
                      withdrawAmount: '',
                      withdrawMessage: null,
                    }),
                    { type: 'announceFundsMoved', params: ({ context }) => ({ currency: context.currency }) },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: assign({ withdrawMessage: ({ event }) => failureMessage(event.error, WITHDRAW_MESSAGES.failed) }),
                },
              },
            },
          },
        },
        list: {
          initial: 'loading',
          states: {
            loading: {
              description: "The player's withdrawals are being fetched.",
              invoke: {
                id: 'loadWithdrawals',
                src: 'loadWithdrawals',
                onDone: { target: 'ready', actions: assign({ withdrawals: ({ event }) => event.output }) },
                onError: 'ready',
              },
            },
            ready: {
              description: 'Withdrawals are listed, pending ones with Cancel.',
              on: {
                'user.cancelWithdrawal': {
                  guard: 'isPending',
                  target: 'cancelling',
                  actions: assign({ cancellingId: ({ event }) => event.id }),
                },
              },
            },
            cancelling: {
              description: 'A pending withdrawal is being cancelled; its money returns to the balance.',
              tags: ['busy'],
              invoke: {
                id: 'cancelWithdrawal',
                src: 'cancelWithdrawal',
                input: ({ context }) => ({ id: context.cancellingId ?? 0 }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({
                      withdrawals: ({ context }) =>
                        context.withdrawals.map((w) => (w.id === context.cancellingId ? { ...w, status: 'cancelled' as const } : w)),
                      cancellingId: null,
                    }),
                    { type: 'announceFundsMoved', params: ({ context }) => ({ currency: context.currency }) },
                  ],
                },
                onError: { target: 'loading', actions: assign({ cancellingId: null }) },
              },
            },
          },
        },
      },
    },
  },
});
