/**
 * Seed (fairness) modal (docs/product.md §1 Fairness, §3 Seed state, §9 copy flag 1.5 s; issue 5 "Seeds on the
 * server" and "the Seed modal"). One actor while the Seed modal is open.
 *
 * Receives
 *   user.selectTab {tab: 'seeds' | 'verify' | 'history'}
 *   user.editClientSeed {text} · user.randomizeClientSeed · user.rotate · user.retry
 *   user.chooseMode {mode: 'classic' | 'instant'} · user.saveClientSeed   (instant reveal: the client seed between bets)
 *   user.editVerifyField {field: 'serverSeed' | 'clientSeed' | 'nonce' | 'seedHash', value} · user.chooseGame {game}
 *   user.editGameParam {name, value} · user.runVerify
 *   user.verifyBet {serverSeed, clientSeed, nonce, seedHash?, game?, params?}   (one click on a revealed pair's bet)
 *   user.copy {text, what}                                           (a copy button: 'clientSeed', 'seedHash'…)
 * Sends nothing to other actors.
 * Actors src/app provides
 *   randomClientSeed: fromPromise<string>                  randomClientSeed(n => crypto.getRandomValues(new Uint8Array(n)))
 *   loadSeed:    fromPromise<SeedState, { clientSeed: string }>           GET /casino/get-seed?clientSeed=..
 *   rotateSeed:  fromPromise<RotateSeedResponse, { clientSeed: string }>  POST /casino/rotate-seed; rejects with
 *                the server's body ({error}) or the client's ApiError when refused (e.g. a game is still open)
 *   setSeedMode: fromPromise<SeedState, { mode }>             POST /casino/set-seed-mode; rejects like rotateSeed
 *   setClientSeed: fromPromise<SeedState, { clientSeed }>     POST /casino/set-client-seed (instant reveal); rejects like rotateSeed
 *   loadHistory: fromPromise<RevealedSeed[]>                GET /casino/get-seed-history
 *   verify:      fromPromise<VerifyResult, VerifyRequest>   verifyOutcomeAsync(game, seeds, params) and the server seed's
 *                SHA-256 (sha256HexAsync), in the browser
 *   copyToClipboard: fromPromise<void, { text: string }>    navigator.clipboard.writeText
 */
import { and, assign, not, setup, stateIn } from 'xstate';
import { effectActor } from '../shared/effects';
import { isValidClientSeed } from '../../src/core/fairness/seeds';

import type { VerifiableGame } from '../../src/core/fairness/verify';
import { serverMessage } from '../shared/events';
import { CLIENT_SEED_NO_RESPONSE_MESSAGE, COPIED_FLAG_MS, MODE_NO_RESPONSE_MESSAGE, ROTATE_NO_RESPONSE_MESSAGE, VERIFY_FAILED_MESSAGE, checkVerifyForm, emptyForm } from './context';
import type { RevealedSeed, RotateSeedResponse, SeedContext, SeedEvent, SeedInput, SeedMode, SeedState, SeedTab, VerifyField, VerifyRequest, VerifyResult } from './context';

export * from './context';

export const seedMachine = setup({
  types: {
    context: {} as SeedContext,
    events: {} as SeedEvent,
    input: {} as SeedInput,
  },
  actors: {
    randomClientSeed: effectActor<string>('randomClientSeed'),
    loadSeed: effectActor<SeedState, { clientSeed: string }>('loadSeed'),
    rotateSeed: effectActor<RotateSeedResponse, { clientSeed: string }>('rotateSeed'),
    setSeedMode: effectActor<SeedState, { mode: SeedMode }>('setSeedMode'),
    setClientSeed: effectActor<SeedState, { clientSeed: string }>('setClientSeed'),
    loadHistory: effectActor<RevealedSeed[]>('loadHistory'),
    verify: effectActor<VerifyResult, VerifyRequest>('verify'),
    copyToClipboard: effectActor<void, { text: string }>('copyToClipboard'),
  },
  delays: {
    copiedFlag: COPIED_FLAG_MS,
  },
  actions: {
    storeDraft: assign({ draft: (_, params: { text: string }) => params.text }),
    storeSeed: assign((_, params: { seed: SeedState }) => ({ seed: params.seed, draft: params.seed.clientSeed })),
    storeRotation: assign(({ context }, params: { response: RotateSeedResponse }) => {
      const { previous, ...seed } = params.response;
      return {
        seed,
        draft: seed.clientSeed,
        rotateMessage: null,
        history: [previous, ...context.history.filter((pair) => pair.seedHash !== previous.seedHash)],
      };
    }),
    storeRotateRefusal: assign({ rotateMessage: (_, params: { error: unknown }) => serverMessage(params.error, ROTATE_NO_RESPONSE_MESSAGE) }),
    storeModeRefusal: assign({ rotateMessage: (_, params: { error: unknown }) => serverMessage(params.error, MODE_NO_RESPONSE_MESSAGE) }),
    storeClientSeedRefusal: assign({ rotateMessage: (_, params: { error: unknown }) => serverMessage(params.error, CLIENT_SEED_NO_RESPONSE_MESSAGE) }),
    clearRotateMessage: assign({ rotateMessage: null }),
    storeHistory: assign({
      // Pairs revealed by a rotation during this visit stay even if the list was read before it.
      history: ({ context }, params: { history: RevealedSeed[] }) => [
        ...context.history.filter((pair) => !params.history.some((p) => p.seedHash === pair.seedHash)),
        ...params.history,
      ],
    }),
    storeVerifyField: assign({
      form: ({ context }, params: { field: VerifyField; value: string }) => ({ ...context.form, [params.field]: params.value }),
    }),
    storeGame: assign({ form: ({ context }, params: { game: VerifiableGame }) => ({ ...context.form, game: params.game, params: {} }) }),
    storeGameParam: assign({
      form: ({ context }, params: { name: string; value: string }) => ({ ...context.form, params: { ...context.form.params, [params.name]: params.value } }),
    }),
    prefillFromBet: assign({
      form: ({ context }, params: { serverSeed: string; clientSeed: string; nonce: number; seedHash?: string; game?: VerifiableGame; params?: Record<string, string> }) => ({
        serverSeed: params.serverSeed,
        clientSeed: params.clientSeed,
        nonce: String(params.nonce),
        seedHash: params.seedHash ?? '',
        game: params.game ?? context.form.game,
        params: params.params ?? (params.game && params.game !== context.form.game ? {} : context.form.params),
      }),
    }),
    clearVerification: assign({ verified: null, verifyMessage: null }),
    storeVerifyRejection: assign({
      verifyMessage: ({ context }) => {
        const check = checkVerifyForm(context.form);
        return check.ok ? null : check.message;
      },
    }),
    storeVerified: assign({ verified: (_, params: { result: VerifyResult }) => params.result, verifyMessage: null }),
    storeVerifyFailure: assign({ verifyMessage: VERIFY_FAILED_MESSAGE }),
    rememberCopied: assign({ copied: (_, params: { what: string }) => params.what }),
    forgetCopied: assign({ copied: null }),
  },
  guards: {
    isTab: ({ event }, params: { tab: SeedTab }) => event.type === 'user.selectTab' && event.tab === params.tab,
    isDraftValid: ({ context }) => isValidClientSeed(context.draft),
    isInstant: ({ context }) => context.seed?.mode === 'instant',
    // Rotation is classic mode's; instant reveal saves the client seed instead (set-client-seed).
    canRotate: and([stateIn('#seed.draft.valid'), not('isInstant')]),
    canSaveClientSeed: and([stateIn('#seed.draft.valid'), 'isInstant', ({ context }) => context.draft !== context.seed?.clientSeed]),
    isOtherMode: ({ context, event }) => event.type === 'user.chooseMode' && event.mode !== (context.seed?.mode ?? 'classic'),
    isFormValid: ({ context }) => checkVerifyForm(context.form).ok,
  },
}).createMachine({
  id: 'seed',
  context: ({ input }) => ({
    seed: null,
    draft: input?.clientSeed ?? '',
    history: [],
    form: emptyForm(),
    verified: null,
    rotateMessage: null,
    verifyMessage: null,
    copied: null,
  }),
  type: 'parallel',
  states: {
    tabs: {
      initial: 'seeds',
      on: {
        'user.selectTab': [
          { guard: { type: 'isTab', params: { tab: 'seeds' } }, target: '.seeds' },
          { guard: { type: 'isTab', params: { tab: 'verify' } }, target: '.verify' },
          { guard: { type: 'isTab', params: { tab: 'history' } }, target: '.history' },
        ],
        'user.verifyBet': '.verify',
      },
      states: {
        seeds: { description: 'Seeds tab: client seed (editable, new random), server seed hash, next seed hash, nonce, Rotate.' },
        verify: { description: 'Verify tab: server seed, client seed, nonce and game in, the outcome computed in this browser out.' },
        history: { description: 'Revealed pairs: each pair with its server seed, and a one-click verify of any bet played with it.' },
      },
    },
    seed: {
      initial: 'preparing',
      states: {
        preparing: {
          description: 'Decides whether the browser already has a client seed or needs a random one first.',
          always: [{ guard: 'isDraftValid', target: 'loading' }, { target: 'generating' }],
        },
        generating: {
          description: 'A random 20-character client seed is being made for a first visit (docs/product.md §3).',
          tags: ['loadingSeed'],
          invoke: {
            id: 'firstClientSeed',
            src: 'randomClientSeed',
            onDone: { target: 'loading', actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.output }) } },
            onError: 'unavailable',
          },
        },
        loading: {
          description: 'The seed state (hashes, nonce, client seed) is being fetched.',
          tags: ['loadingSeed'],
          invoke: {
            id: 'loadSeed',
            src: 'loadSeed',
            input: ({ context }) => ({ clientSeed: context.draft }),
            onDone: { target: 'ready', actions: { type: 'storeSeed', params: ({ event }) => ({ seed: event.output }) } },
            onError: 'unavailable',
          },
        },
        unavailable: {
          description: 'The seed state could not be fetched (or a random seed could not be made); Retry asks again.',
          on: { 'user.retry': 'preparing' },
        },
        ready: {
          description: 'The active pair is shown.',
          initial: 'idle',
          states: {
            idle: {
              description:
                'Nothing pending. Classic: Rotate is offered while the client seed field is valid. Instant reveal: Save is offered for a valid, changed client seed. Either mode can be chosen.',
              on: {
                'user.rotate': { guard: 'canRotate', target: 'rotating' },
                'user.chooseMode': { guard: 'isOtherMode', target: 'switchingMode' },
                'user.saveClientSeed': { guard: 'canSaveClientSeed', target: 'savingClientSeed' },
              },
            },
            switchingMode: {
              description: 'A switch between classic pairs and instant reveal is asked; the server refuses it while a game is open.',
              tags: ['busy'],
              invoke: {
                id: 'setSeedMode',
                src: 'setSeedMode',
                input: ({ event }) => ({ mode: event.type === 'user.chooseMode' ? event.mode : 'classic' }),
                onDone: { target: 'idle', actions: { type: 'storeSeed', params: ({ event }) => ({ seed: event.output }) } },
                onError: { target: 'refused', actions: { type: 'storeModeRefusal', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            savingClientSeed: {
              description: 'Instant reveal: the client seed in the field is sent; it plays from the next bet on, the chain going on.',
              tags: ['busy'],
              invoke: {
                id: 'setClientSeed',
                src: 'setClientSeed',
                input: ({ context }) => ({ clientSeed: context.draft }),
                onDone: { target: 'idle', actions: { type: 'storeSeed', params: ({ event }) => ({ seed: event.output }) } },
                onError: { target: 'refused', actions: { type: 'storeClientSeedRefusal', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            rotating: {
              description: 'Rotation asked: the active server seed is revealed and the next one becomes active with the chosen client seed.',
              tags: ['busy'],
              invoke: {
                id: 'rotateSeed',
                src: 'rotateSeed',
                input: ({ context }) => ({ clientSeed: context.draft }),
                onDone: { target: 'idle', actions: { type: 'storeRotation', params: ({ event }) => ({ response: event.output }) } },
                onError: { target: 'refused', actions: { type: 'storeRotateRefusal', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            refused: {
              description: 'The server refused the rotation, the mode switch or the client seed (e.g. a game is still open) or did not answer; its message is shown.',
              on: {
                'user.rotate': { guard: 'canRotate', target: 'rotating', actions: 'clearRotateMessage' },
                'user.chooseMode': { guard: 'isOtherMode', target: 'switchingMode', actions: 'clearRotateMessage' },
                'user.saveClientSeed': { guard: 'canSaveClientSeed', target: 'savingClientSeed', actions: 'clearRotateMessage' },
                'user.editClientSeed': { target: 'idle', actions: 'clearRotateMessage' },
                'user.randomizeClientSeed': { target: 'idle', actions: 'clearRotateMessage' },
              },
            },
          },
        },
      },
    },
    draft: {
      initial: 'checking',
      on: {
        'user.editClientSeed': { target: '.checking', actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) } },
        // The seed region changed the field (a first random seed, the server's seed, a rotation).
        'xstate.done.actor.firstClientSeed': '.checking',
        'xstate.done.actor.loadSeed': '.checking',
        'xstate.done.actor.rotateSeed': '.checking',
        'xstate.done.actor.setSeedMode': '.checking',
        'xstate.done.actor.setClientSeed': '.checking',
      },
      states: {
        checking: {
          description: 'Checks the client seed field against the seed rules.',
          always: [{ guard: 'isDraftValid', target: 'valid' }, { target: 'invalid' }],
        },
        valid: {
          description: 'The client seed field holds a usable seed (1 to 64 printable characters, no spaces).',
          on: { 'user.randomizeClientSeed': 'generating' },
        },
        invalid: {
          description: 'The client seed field is empty or has characters a seed may not have; Rotate is disabled.',
          tags: ['clientSeedInvalid'],
          on: { 'user.randomizeClientSeed': 'generating' },
        },
        generating: {
          description: 'A new random client seed is being made for the field.',
          invoke: {
            id: 'newClientSeed',
            src: 'randomClientSeed',
            onDone: { target: 'checking', actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.output }) } },
            onError: 'checking',
          },
        },
      },
    },
    history: {
      initial: 'notLoaded',
      states: {
        notLoaded: {
          description: 'The revealed pairs are fetched the first time the history tab opens.',
          on: { 'user.selectTab': { guard: { type: 'isTab', params: { tab: 'history' } }, target: 'loading' } },
        },
        loading: {
          description: 'The revealed pairs are being fetched.',
          tags: ['loadingHistory'],
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            onDone: { target: 'loaded', actions: { type: 'storeHistory', params: ({ event }) => ({ history: event.output }) } },
            onError: 'unavailable',
          },
        },
        loaded: { description: 'The revealed pairs are listed, newest first; a rotation adds the pair it revealed.' },
        unavailable: {
          description: 'The list could not be fetched; opening the tab again retries.',
          on: { 'user.selectTab': { guard: { type: 'isTab', params: { tab: 'history' } }, target: 'loading' } },
        },
      },
    },
    verification: {
      initial: 'editing',
      on: {
        'user.editVerifyField': {
          target: '.editing',
          actions: ['clearVerification', { type: 'storeVerifyField', params: ({ event }) => ({ field: event.field, value: event.value }) }],
        },
        'user.chooseGame': { target: '.editing', actions: ['clearVerification', { type: 'storeGame', params: ({ event }) => ({ game: event.game }) }] },
        'user.editGameParam': {
          target: '.editing',
          actions: ['clearVerification', { type: 'storeGameParam', params: ({ event }) => ({ name: event.name, value: event.value }) }],
        },
        'user.runVerify': '.checking',
        'user.verifyBet': {
          target: '.checking',
          actions: [
            'clearVerification',
            {
              type: 'prefillFromBet',
              params: ({ event }) => ({
                serverSeed: event.serverSeed,
                clientSeed: event.clientSeed,
                nonce: event.nonce,
                ...(event.seedHash ? { seedHash: event.seedHash } : {}),
                ...(event.game ? { game: event.game } : {}),
                ...(event.params ? { params: event.params } : {}),
              }),
            },
          ],
        },
      },
      states: {
        editing: { description: 'The Verify form is being filled in; nothing computed for what it shows.' },
        checking: {
          description: 'Checks the form: a 64-hex server seed, a valid client seed, a whole nonce, and the game’s parameters.',
          always: [{ guard: 'isFormValid', target: 'computing' }, { target: 'rejected', actions: 'storeVerifyRejection' }],
        },
        rejected: { description: 'The form has a problem; its message is shown and nothing was computed.', tags: ['verifyMessage'] },
        computing: {
          description: 'The outcome is being computed in this browser (HMAC-SHA256 through WebCrypto).',
          tags: ['busy'],
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => {
              const check = checkVerifyForm(context.form);
              if (!check.ok) throw new Error(check.message);
              return check.request;
            },
            onDone: { target: 'verified', actions: { type: 'storeVerified', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'failed', actions: 'storeVerifyFailure' },
          },
        },
        verified: { description: 'The outcome of the seeds, nonce and game is shown.', tags: ['verified'] },
        failed: { description: 'The browser could not compute the outcome; a message says so.', tags: ['verifyMessage'] },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: {
          description: 'No copy confirmation on screen.',
          on: { 'user.copy': { target: 'copying', actions: { type: 'rememberCopied', params: ({ event }) => ({ what: event.what }) } } },
        },
        copying: {
          description: 'The value is being written to the clipboard.',
          invoke: {
            id: 'copyToClipboard',
            src: 'copyToClipboard',
            input: ({ event }) => ({ text: event.type === 'user.copy' ? event.text : '' }),
            onDone: 'copied',
            onError: { target: 'idle', actions: 'forgetCopied' },
          },
        },
        copied: {
          description: 'The copied value shows its success mark for 1.5 s (docs/product.md §9).',
          tags: ['copied'],
          on: { 'user.copy': { target: 'copying', actions: { type: 'rememberCopied', params: ({ event }) => ({ what: event.what }) } } },
          after: { copiedFlag: { target: 'idle', actions: 'forgetCopied' } },
        },
      },
    },
  },
});
