import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { minesMachine } from '../../machines/mines/machine';
import type { MinesContext } from '../../machines/mines/machine';
import type { BetLimits } from '../../src/core/bets/validation';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { answered, refused } from '../support/games';
import { chartOf } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';
import { advanceClock, answerPerformers, changeWallet, click, expectLoginDialog, gameScreenBackground, limitsOracles, ok, renderScreen, typeInto } from '../support/screenPaths';
import type { ScreenSut } from '../support/screenPaths';
import { minesFacts as facts } from '../machines/mines.paths';

/**
 * The mines screen driven by the paths of the mines chart: each step is what a person does on the
 * rendered App (type the amount, click ½, 2×, Bet, a tile, Cashout, move the slider) or what the
 * server answers to the request the screen made; each state checks what the person sees, by role
 * and name, against the game as the path played it (`facts`), never against the machine's context.
 */

const wallet = (currency: string, balance: number) => ({ currency, balance, fiatRate: null });
// minBet = maxBet: half and double keep the amount at '0' or '1', which bounds the model.
const LIMITS: BetLimits = { minBet: 1, maxBet: 1, maxPayout: 100 };
const MINES = [3, 11, 20];
const MESSAGES = {
  betFailed: 'An error occurred while placing the bet.',
  cashoutRefused: 'Cashout failed. Please try again.',
  cashoutError: 'An error occurred during cashout.',
};

const event = (e: Record<string, unknown>) => e as AnyEvent;
const inPlay = { success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null };

const limitsEvents = (balance: number, currencies: readonly string[]) =>
  [
    ...currencies.map((currency) => ({ type: 'wallet.changed', wallet: wallet(currency, balance) })),
    { type: 'xstate.done.actor.loadLimits', output: LIMITS },
    { type: 'xstate.error.actor.loadLimits', error: new Error('offline') },
    { type: 'user.bet' },
  ].map(event);
const formEvents = [
  { type: 'user.typeAmount', text: '1' },
  { type: 'user.typeAmount', text: '0' },
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  // The default count: the transition fires without adding states to the model.
  { type: 'user.setMinesCount', count: 3 },
  { type: 'user.bet' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
].map(event);
const visitorEvents = [
  ...formEvents,
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'xstate.done.actor.loadActiveGame', output: { betAmount: 1, minesCount: 3, selectedTiles: [4], currency: 'USDT' } },
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'xstate.error.actor.loadActiveGame', error: new Error('offline') },
].map(event);
const bettingEvents = [
  ...formEvents,
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'xstate.done.actor.placeBet', output: answered({ success: true, balance: 9, errorMessage: null }) },
  { type: 'xstate.done.actor.placeBet', output: refused('Insufficient balance') },
  { type: 'xstate.error.actor.placeBet', error: new Error('offline') },
  { type: 'xstate.after.messageDuration.mines.round.refused' },
  { type: 'xstate.after.messageDuration.mines.round.failed' },
].map(event);
const playEvents = [
  { type: 'user.typeAmount', text: '1' },
  { type: 'user.bet' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'xstate.done.actor.placeBet', output: answered({ success: true, balance: 9, errorMessage: null }) },
  { type: 'user.pick', tileId: 0 },
  { type: 'user.pick', tileId: 1 },
  { type: 'user.cashout' },
  { type: 'xstate.done.actor.pick', output: answered(inPlay) },
  { type: 'xstate.done.actor.pick', output: answered({ success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: MINES }) },
  { type: 'xstate.done.actor.pick', output: answered({ success: true, isMine: false, gameState: 'GameOver', cashedOutAmount: 3, mineLocations: MINES }) },
  { type: 'xstate.done.actor.pick', output: refused('Game not found') },
  { type: 'xstate.error.actor.pick', error: new Error('offline') },
  { type: 'xstate.done.actor.cashout', output: answered({ success: true, cashedOutAmount: 2, mineLocations: MINES, balance: 11, errorMessage: null }) },
  { type: 'xstate.done.actor.cashout', output: refused('') },
  { type: 'xstate.error.actor.cashout', error: new Error('offline') },
  { type: 'xstate.after.messageDuration.mines.round.playing.cashoutFailed' },
  { type: 'xstate.after.winPopupDuration.mines.round.roundOver.cashedOut.celebrating' },
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  { type: 'user.setMinesCount', count: 3 },
  // The balance runs out: the next bet after a game is refused.
  { type: 'wallet.changed', wallet: wallet('USDT', 0) },
  { type: 'user.typeAmount', text: '0' },
].map(event);

const serializeState = (s: AnyMachineSnapshot) => {
  const { wallet: w, limits: l, startSignedIn: _start, ...rest } = s.context as MinesContext;
  return JSON.stringify([s.value, w.currency, w.balance, l !== null, rest]);
};

/** Who is at the table at the start, as the App's stored session and wallet make it. */
interface ScreenInput {
  signedIn: boolean;
  wallet: ReturnType<typeof wallet>;
}
// A visitor's wallets are the defaults at zero; a player's are the three the fake server lists.
const visitor: ScreenInput = { signedIn: false, wallet: wallet('USDT', 0) };
const player: ScreenInput = { signedIn: true, wallet: wallet('USDT', 10) };
const PLAYER_WALLETS = [
  { currencySymbol: 'USDT', balance: 10 },
  { currencySymbol: 'ETH', balance: 10 },
  { currencySymbol: 'ACC', balance: 10 },
];


// ---------------------------------------------------------------------------------------------
// The screen, as a person finds it.

// Queries stay inside the mines section: role queries over the whole App (header, menus, bets table) cost seconds per path.
const section = () => {
  const found = document.querySelector<HTMLElement>('section[aria-labelledby="mines-title"]');
  if (!found) throw new Error('the mines screen is not rendered');
  return found;
};
const ui = () => within(section());
const board = () => ui().getByRole('group', { name: 'Mines board' });
/** The 25 tile buttons in board order; each says its place and face in its accessible name (aria-label). */
const tiles = () => [...board().querySelectorAll('button')];
const tile = (id: number) => tiles()[id]!;
const slider = () => ui().getByRole('slider', { name: 'Mines' }) as HTMLInputElement;
const amountField = () => ui().getByLabelText('Bet amount') as HTMLInputElement;
// `hidden: true` skips the check that no ancestor hides the button (computed styles of 30 buttons,
// 0.2 s a query); the screen hides none of its buttons, and a missing one still fails the query.
const button = (name: string) => ui().getByRole('button', { name, hidden: true }) as HTMLButtonElement;
const queryButton = (name: string) => ui().queryByRole('button', { name, hidden: true }) as HTMLButtonElement | null;
/** The screen's message: the text of its alert, if it says anything. */
const alerts = () =>
  ui()
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .filter((text) => text !== '');
const winPopup = () => ui().queryByRole('status', { name: 'You won' });
const FACE_WORDS = { hidden: 'hidden', pending: 'revealing…', gem: 'gem', mine: 'mine', hiddenGem: 'gem, not picked', hiddenMine: 'mine, not picked' } as const;

/** Every tile's label follows from the gems found, the pending pick and, at game over, the mines. */
function expectBoard(world: World, over: boolean) {
  const f = facts(world);
  tiles().forEach((element, id) => {
    const face =
      id === f.pending ? 'pending' : f.gems.includes(id) ? 'gem' : id === f.hitMine ? 'mine' : over ? (f.mines.includes(id) ? 'hiddenMine' : 'hiddenGem') : 'hidden';
    // In Auto a chosen tile also says its place in the order each round picks.
    const order = f.mode === 'auto' ? f.autoTiles.indexOf(id) + 1 : 0;
    const auto = order > 0 ? `, auto pick ${order}` : '';
    expect(element.getAttribute('aria-label'), `tile ${id}`).toBe(`Tile row ${Math.floor(id / 5) + 1} column ${(id % 5) + 1}: ${FACE_WORDS[face]}${auto}`);
  });
}

const noMessage = () => expect(alerts()).toEqual([]);
const requestWaiting = (sut: ScreenSut, path: string) => expect(sut.requests.waiting(path), `a ${path} request is waiting`).toBeDefined();
const noRequestWaiting = (sut: ScreenSut, ...paths: string[]) => {
  for (const path of paths) expect(sut.requests.waiting(path), `no ${path} request is waiting`).toBeUndefined();
};

// ---------------------------------------------------------------------------------------------
// Answers: the fake server replies so that each invoked actor ends as the step says. A settled
// game reports the balance the path's wallet holds, so the App's wallet (which passes it back to
// the screen) stays the one the path modelled.

const modelBalance = (world: World) => facts(world).wallet.balance;
const withModelBalance = (world: World, output: unknown) => {
  const outcome = output as { kind: string; answer?: Record<string, unknown> };
  if (outcome.kind !== 'answered' || !outcome.answer) return outcome;
  const { answer } = outcome;
  const keepsBalance = 'balance' in answer || answer['gameState'] === 'GameOver';
  return keepsBalance ? { ...outcome, answer: { ...answer, balance: modelBalance(world) } } : outcome;
};
const answers = answerPerformers<ScreenSut>({
  loadLimits: { path: '/casino/get-limits', reply: (output) => ok({ data: { limit: output } }) },
  loadActiveGame: { path: '/mines/get-active-game', reply: (output) => ok({ success: true, game: output ?? null }) },
  placeBet: { path: '/mines/bet' },
  pick: { path: '/mines/pick' },
  cashout: { path: '/mines/cashout' },
});
const withBalanceAnswer =
  (id: string) =>
  (sut: ScreenSut, e: AnyEvent, world: World) =>
    answers[`xstate.done.actor.${id}`]!(sut, { ...e, output: withModelBalance(world, e['output']) }, world);

const MESSAGE_MS = 3000;
const advance = advanceClock;

/** The Manual / Auto switch and the tiles chosen for a run (a run's own rounds are the autobet child's: see `unreachable`). */
const modeEvents = [
  { type: 'xstate.done.actor.loadActiveGame', output: null },
  { type: 'user.chooseMode', mode: 'auto' },
  { type: 'user.chooseMode', mode: 'manual' },
  { type: 'user.toggleAutoTile', tileId: 7 },
].map(event);

/**
 * Auto mode's run is the autobet child's (machines/autobet): its bets and their reports cannot be
 * stepped one event at a time on the rendered App. tests/machines/mines.paths.ts takes these
 * transitions with a recording child, and tests/e2e/autobet.test.ts runs them in Chromium.
 */
const AUTO_RUN = 'an Auto run: taken in tests/machines/mines.paths.ts (recording child) and in Chromium (tests/e2e/autobet.test.ts)';
const autoRunTransitions = Object.fromEntries(
  chartOf(minesMachine)
    .transitions.filter(
      (key) =>
        / on (auto\.start|auto\.place) #/.test(key) ||
        /^#mines\.mode\.auto on (wallet\.changed|auth\.loggedOut|user\.startAuto|autobet\.bet) #/.test(key) ||
        /^#mines\.round\.playing\.ready always #/.test(key) ||
        /^#mines\.round\.(refused|failed|roundOver) on auto\.toggleTile #/.test(key),
    )
    .map((key) => [key, AUTO_RUN]),
);
// A reality check (machines/preferences) stops a running Auto run: the preferences machine sends it, not a person.
autoRunTransitions[`#mines.mode.auto on app.realityCheck #0`] = 'an Auto run stopped by a reality check: taken in tests/machines/mines.paths.ts (recording child)';
// A game an Auto run cashes out skips the win popup: only the autobet child plays games in Auto mode.
autoRunTransitions['#mines.round.roundOver.deciding always #1'] = 'a game cashed out by an Auto run (no popup): taken in tests/machines/mines.paths.ts and in Chromium (tests/e2e/autobet.test.ts)';

export const minesScreenPaths: PathSpec<ScreenSut> = {
  name: 'mines screen',
  machine: minesMachine,
  variants: [
    { name: 'visitor', input: visitor, events: [...limitsEvents(0, ['USDT', 'ETH']), ...visitorEvents], serializeState },
    { name: 'player, currencies', input: player, events: [...limitsEvents(10, ['USDT', 'ETH', 'ACC']), { type: 'xstate.done.actor.loadActiveGame', output: null } as AnyEvent], serializeState },
    { name: 'player, betting', input: player, events: bettingEvents, serializeState },
    { name: 'player, playing', input: player, events: playEvents, serializeState },
    // ACC selected before the screen opens: no limits are asked for.
    { name: 'player with ACC', input: { signedIn: true, wallet: wallet('ACC', 10) }, events: [{ type: 'xstate.done.actor.loadActiveGame', output: null }, { type: 'user.bet' }].map(event), serializeState },
    {
      name: 'player, Manual and Auto',
      input: player,
      // Tiles are chosen on a board with no game on it (while the open game is fetched the board is busy).
      events: (snapshot: AnyMachineSnapshot) => modeEvents.filter((e) => e.type !== 'user.toggleAutoTile' || snapshot.matches({ round: 'idle' })),
      serializeState,
    },
  ],
  unreachable: autoRunTransitions,
  async start(world) {
    const input = world.variant.input as ScreenInput;
    return renderScreen({
      clock: world.clock,
      route: '/mines',
      systemId: 'mines',
      signedIn: input.signedIn,
      storage: { selectedCurrency: input.wallet.currency },
      background: gameScreenBackground(PLAYER_WALLETS),
      pending: ['/casino/get-limits', '/mines/get-active-game', '/mines/bet', '/mines/pick', '/mines/cashout'],
      ready: (sut) => {
        board();
        // A player's wallets have loaded: the screen's balance is theirs before the first step.
        if (input.signedIn) expect((sut.snapshot().context as MinesContext).wallet.balance).toBe(input.wallet.balance);
      },
    });
  },
  perform: {
    ...answers,
    'xstate.done.actor.placeBet': withBalanceAnswer('placeBet'),
    'xstate.done.actor.pick': withBalanceAnswer('pick'),
    'xstate.done.actor.cashout': withBalanceAnswer('cashout'),
    'user.typeAmount': (_sut, e) => typeInto(amountField(), e['text'] as string),
    'user.halveAmount': () => click(button('Half the bet')),
    'user.doubleAmount': () => click(button('Double the bet')),
    'user.setMinesCount': (_sut, e) => typeInto(slider(), String(e['count'])),
    'user.bet': () => click(button('Bet')),
    'user.chooseMode': (_sut, e) => click(ui().getByRole('tab', { name: e['mode'] === 'auto' ? 'Auto' : 'Manual', hidden: true })),
    'user.toggleAutoTile': (_sut, e) => click(tiles()[e['tileId'] as number]!),
    'user.pick': (_sut, e) => click(tile(e['tileId'] as number)),
    'user.cashout': () => click(button('Cashout')),
    'wallet.changed': (sut, e) => changeWallet(sut, e),
    // Logins and logouts reach the screen from the app's auth actor, as the app forwards them; the
    // whole logout would also reset the wallet to BTC, a currency change these paths did not perform.
    'auth.loggedIn': (sut) => sut.send({ type: 'auth.loggedIn', user: { userName: 'ada', id: '7' }, token: 'token' }),
    'auth.loggedOut': (sut) => sut.send({ type: 'auth.loggedOut' }),
    'xstate.after.messageDuration.mines.round.refused': advance(MESSAGE_MS),
    'xstate.after.messageDuration.mines.round.failed': advance(MESSAGE_MS),
    'xstate.after.messageDuration.mines.round.playing.cashoutFailed': advance(MESSAGE_MS),
    'xstate.after.winPopupDuration.mines.round.roundOver.cashedOut.celebrating': advance(MESSAGE_MS),
  },
  states: {
    '#mines': {
      asserts: 'the amount field shows what was typed; the login dialog is open once a visitor pressed Bet; no bet request was sent while a visitor',
      check(sut, world) {
        const f = facts(world);
        expect(amountField().value).toBe(f.amountText);
        // The modal host's dialogs, found by their role attribute (a role query over the whole App costs seconds).
        expectLoginDialog(f.loginsAsked > 0);
        if (!(world.variant.input as ScreenInput).signedIn && world.performed.every((e) => e.type !== 'auth.loggedIn')) expect(sut.requests.requestsOf('/mines/bet')).toEqual([]);
      },
    },
    '#mines.player.visitor': {
      asserts: 'nobody is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(false),
    },
    '#mines.player.signedIn': {
      asserts: 'a player is signed in, and the open game was asked for when they arrived',
      check(sut, world) {
        expect(facts(world).signedIn).toBe(true);
        expect(sut.requests.requestsOf('/mines/get-active-game').length).toBeGreaterThan(0);
      },
    },
    ...limitsOracles('mines', (world) => facts(world).wallet.currency, {
      unavailable: {
        asserts: 'Bet is enabled (it asks again)',
        check() {
          const bet = queryButton('Bet');
          if (bet) expect(bet.disabled).toBe(false);
        },
      },
    }),
    '#mines.round.restoring': {
      asserts: "the player's open game is being fetched: the slider and the amount are locked, every tile is hidden and none can be picked",
      check(sut, world) {
        requestWaiting(sut, '/mines/get-active-game');
        expect(slider().disabled).toBe(true);
        expect(amountField().disabled).toBe(true);
        expectBoard(world, false);
        expect(tiles().every((t) => t.disabled)).toBe(true);
      },
    },
    '#mines.mode.manual': {
      asserts: 'the Manual tab is selected: no Auto panel',
      check() {
        expect(ui().getByRole('tab', { name: 'Manual', hidden: true }).getAttribute('aria-selected')).toBe('true');
        expect(queryButton('Start autobet')).toBeNull();
      },
    },
    '#mines.mode.auto': {
      asserts: 'the Auto tab is selected: the Auto panel shows, Start autobet replaces Bet, and each tile chosen on the board is marked with its place in the order',
      check(_sut, world) {
        const f = facts(world);
        expect(ui().getByRole('tab', { name: 'Auto', hidden: true }).getAttribute('aria-selected')).toBe('true');
        expect(ui().getByLabelText(/^Number of bets/)).toBeTruthy();
        expect(queryButton('Bet')).toBeNull();
        expect(ui().getByTestId('auto-tiles').textContent).toBe(
          f.autoTiles.length === 0 ? 'Choose the tiles to pick on the board.' : `${f.autoTiles.length} ${f.autoTiles.length === 1 ? 'tile' : 'tiles'} picked in order each round, then cash out.`,
        );
        f.autoTiles.forEach((tile, i) => expect(tiles()[tile]!.getAttribute('aria-label')).toMatch(new RegExp(`, auto pick ${i + 1}$`)));
      },
    },
    '#mines.round.idle': {
      asserts: 'no game: no message, the slider and the amount editable at the chosen count, Bet enabled (a player waits for the limits), every tile hidden and disabled, no Cashout',
      check(sut, world) {
        const f = facts(world);
        noMessage();
        expect(slider().disabled).toBe(false);
        expect(slider().value).toBe(String(f.minesCount));
        expect(ui().getByLabelText('Mines count').textContent).toBe(String(f.minesCount));
        expect(amountField().disabled).toBe(false);
        const auto = world.expected.matches({ mode: 'auto' });
        expect(button(auto ? 'Start autobet' : 'Bet').disabled).toBe(f.signedIn && world.expected.matches({ limits: 'loading' }));
        expect(queryButton('Cashout')).toBeNull();
        expectBoard(world, false);
        // In Auto the tiles are chosen for a run; otherwise no tile can be picked without a game.
        expect(tiles().every((t) => t.disabled)).toBe(!auto);
        noRequestWaiting(sut, '/mines/bet', '/mines/pick', '/mines/cashout');
      },
    },
    '#mines.round.refused': {
      asserts:
        "a §5 check refused the bet: 'ACC betting not available at this time' for ACC, \"Can't bet more than balance\" above the balance, 'Bet must be greater than 0' for nothing; no bet request was sent; Bet is enabled",
      check(sut, world) {
        const f = facts(world);
        const { amountText, wallet: pressedWith } = f.betPressed;
        const amount = Number(amountText || 0);
        const expected =
          pressedWith.currency === 'ACC' ? BET_MESSAGES.accNotAvailable : amount <= 0 ? BET_MESSAGES.notPositive : amount > pressedWith.balance ? BET_MESSAGES.aboveBalance : null;
        expect(alerts()).toEqual([expected]);
        noRequestWaiting(sut, '/mines/bet');
        expect(button('Bet').disabled).toBe(f.signedIn && world.expected.matches({ limits: 'loading' }));
      },
    },
    '#mines.round.placing': {
      asserts: 'one bet request is waiting with the amount typed, the slider count and the selected currency; the button reads Betting… and is disabled; the settings are locked; no message',
      check(sut, world) {
        const f = facts(world);
        expect(sut.requests.waiting('/mines/bet')?.body).toEqual({ betAmount: Number(f.amountText), minesCount: f.minesCount, currency: f.wallet.currency });
        expect(button('Betting…').disabled).toBe(true);
        expect(slider().disabled).toBe(true);
        expect(amountField().disabled).toBe(true);
        noMessage();
      },
    },
    '#mines.round.failed': {
      asserts: "the server's refusal, or 'An error occurred while placing the bet.' without an answer, shows; Bet is enabled again; every tile hidden",
      check(_sut, world) {
        const last = world.performed.at(-1)!;
        const outcome = last['output'] as { kind: string; message?: string } | undefined;
        if (last.type.includes('placeBet')) expect(alerts()).toEqual([outcome?.kind === 'refused' ? outcome.message : MESSAGES.betFailed]);
        else expect(alerts()).toHaveLength(1);
        expect(button('Bet').disabled).toBe(world.expected.matches({ limits: 'loading' }));
        expectBoard(world, false);
      },
    },
    '#mines.round.playing': {
      asserts: 'a game is open: Cashout replaces Bet; the slider and the amount are locked at the game; the board shows exactly the gems found and the pending pick; the gems count reads found/total',
      check(_sut, world) {
        const f = facts(world);
        expect(queryButton('Bet')).toBeNull();
        expect(slider().disabled).toBe(true);
        expect(slider().value).toBe(String(f.gameMines));
        expect(amountField().disabled).toBe(true);
        expectBoard(world, false);
        expect(ui().getByLabelText('Gems count').textContent).toBe(`${f.gems.length}/${25 - f.gameMines}`);
      },
    },
    '#mines.round.playing.ready': {
      asserts: 'hidden tiles can be clicked, found gems cannot; Cashout is enabled only with at least one gem; nothing in flight; no message',
      check(sut, world) {
        const f = facts(world);
        noMessage();
        tiles().forEach((element, id) => expect(element.disabled, `tile ${id}`).toBe(f.gems.includes(id)));
        expect(button('Cashout').disabled).toBe(f.gems.length === 0);
        noRequestWaiting(sut, '/mines/pick', '/mines/cashout');
      },
    },
    '#mines.round.playing.revealing': {
      asserts: 'the picked tile reads revealing… and a pick request for it is waiting; no tile can be clicked and Cashout is disabled',
      check(sut, world) {
        expect(sut.requests.waiting('/mines/pick')?.body).toEqual({ tileId: facts(world).pending });
        expect(tiles().every((t) => t.disabled)).toBe(true);
        expect(button('Cashout').disabled).toBe(true);
      },
    },
    '#mines.round.playing.cashingOut': {
      asserts: 'a cash-out request is waiting; the button reads Cashing out… and is disabled; no tile can be clicked',
      check(sut) {
        requestWaiting(sut, '/mines/cashout');
        expect(button('Cashing out…').disabled).toBe(true);
        expect(tiles().every((t) => t.disabled)).toBe(true);
      },
    },
    '#mines.round.playing.cashoutFailed': {
      asserts: "'Cashout failed. Please try again.' (refused) or 'An error occurred during cashout.' (no answer) shows; the game goes on and Cashout is enabled again",
      check(_sut, world) {
        const last = world.performed.at(-1)!;
        if (last.type.endsWith('cashout')) expect(alerts()).toEqual([last.type === 'xstate.done.actor.cashout' ? MESSAGES.cashoutRefused : MESSAGES.cashoutError]);
        else expect(alerts()).toHaveLength(1);
        expect(button('Cashout').disabled).toBe(facts(world).gems.length === 0);
      },
    },
    '#mines.round.roundOver': {
      asserts: 'the game is over: every tile is revealed (picked gems, the hit mine, the rest as gems and mines not picked) and none can be clicked; Bet is enabled; the slider is free again',
      check(sut, world) {
        expectBoard(world, true);
        expect(tiles().every((t) => t.disabled)).toBe(true);
        expect(button('Bet').disabled).toBe(false);
        expect(slider().disabled).toBe(false);
        noRequestWaiting(sut, '/mines/pick', '/mines/cashout', '/mines/bet');
      },
    },
    '#mines.round.roundOver.busted': {
      asserts: 'a mine ended the game: the hit tile reads mine; no win popup',
      check(_sut, world) {
        expect(tile(facts(world).hitMine!).getAttribute('aria-label')).toMatch(/: mine$/);
        expect(winPopup()).toBeNull();
      },
    },
    '#mines.round.roundOver.cashedOut': {
      asserts: 'the game was cashed out: no picked tile reads mine',
      check: () => expect(tiles().some((t) => / mine$/.test(t.getAttribute('aria-label') ?? ''))).toBe(false),
    },
    '#mines.round.roundOver.cashedOut.celebrating': {
      asserts: "the 'You won' popup shows the amount paid in the game's currency and the gems found",
      check(_sut, world) {
        const f = facts(world);
        const popup = winPopup();
        expect(popup).not.toBeNull();
        expect(popup!.textContent).toContain(`${f.win!.toFixed(8)} ${f.wallet.currency}`);
        expect(popup!.textContent).toContain(`${f.gems.length} ${f.gems.length === 1 ? 'gem' : 'gems'} found`);
      },
    },
    '#mines.round.roundOver.cashedOut.shown': {
      asserts: 'the popup has closed; the revealed board stays',
      check: () => expect(winPopup()).toBeNull(),
    },
  },
};
