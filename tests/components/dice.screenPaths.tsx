import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { diceMachine } from '../../machines/dice/machine';
import type { DiceContext } from '../../machines/dice/machine';
import type { BetLimits } from '../../src/core/bets/validation';
import { BET_MESSAGES } from '../../src/core/bets/validation';
import { DICE_INPUT_DEBOUNCE_MS, formatRoll, SLIDER_MAX_CHANCE } from '../../src/core/games/dice';
import { answered, refused } from '../support/games';
import { chartOf } from '../support/pathTesting';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';
import { advanceClock, answerPerformers, changeWallet, click, expectLoginDialog, gameScreenBackground, limitsOracles, ok, press, renderScreen, typeInto } from '../support/screenPaths';
import type { ScreenSut } from '../support/screenPaths';

/**
 * The dice screen driven by the paths of the dice chart: each step is what a person does on the
 * rendered App (type the amount or the odds, click ½, 2×, Bet or the under/over switch, move the
 * ring's slider with the keyboard) or the fake server's answer to the pending request; each state
 * checks what the person sees, by role and name, against the form and the last roll kept from the
 * performed events (`facts`).
 */

const wallet = (currency: string, balance: number) => ({ currency, balance, fiatRate: null });
// minBet = maxBet: half and double land on 0.01 whatever the amount, which bounds the model.
const LIMITS: BetLimits = { minBet: 0.01, maxBet: 0.01, maxPayout: 0.05 };
/** docs/product.md §8, letter for letter. */
const NO_RESPONSE = 'error placing bet, please try again.';

const rollAnswer = (id: number, value: number, payout: number) =>
  answered({ balance: 0.5, bet: { id, roll: value, wager: 0.01, payout, multiplier: 2, nonce: id, win: payout >= 0.01 } });

const event = (e: Record<string, unknown>) => e as AnyEvent;
const visitorEvents = [
  { type: 'user.bet' },
  { type: 'wallet.changed', wallet: wallet('ETH', 0) },
  { type: 'wallet.changed', wallet: wallet('BTC', 0) },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.error.actor.loadLimits', error: new Error('offline') },
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
].map(event);
const bettingEvents = [
  { type: 'user.typeAmount', text: '0' },
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'user.halveAmount' },
  { type: 'user.doubleAmount' },
  { type: 'user.bet' },
  { type: 'wallet.changed', wallet: wallet('ACC', 1) },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.done.actor.placeBet', output: rollAnswer(1, 5.2, 0.02) },
  { type: 'xstate.done.actor.placeBet', output: rollAnswer(2, 77.01, 0) },
  { type: 'xstate.done.actor.placeBet', output: refused("Can't bet more than balance") },
  { type: 'xstate.done.actor.placeBet', output: refused('') },
  { type: 'xstate.error.actor.placeBet', error: new Error('offline') },
  { type: 'user.typeChance', text: '25' },
  { type: 'user.typeMultiplier', text: '3' },
  { type: 'user.slideChance', chance: SLIDER_MAX_CHANCE },
  { type: 'user.toggleTarget' },
  { type: 'xstate.after.inputDebounce.dice.form.awaitingClamp' },
  { type: 'auth.loggedOut' },
].map(event);
/** The Manual / Auto switch (a run's own bets are the autobet child's: see `unreachable`). */
const modeEvents = [
  { type: 'user.chooseMode', mode: 'auto' },
  { type: 'user.chooseMode', mode: 'manual' },
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
].map(event);

/** ACC selected before the screen opens: refused at once; BTC again makes the limits load. */
const accEvents = [
  { type: 'user.typeAmount', text: '0.01' },
  { type: 'user.bet' },
  { type: 'wallet.changed', wallet: wallet('BTC', 0.5) },
  { type: 'wallet.changed', wallet: wallet('ACC', 1) },
  { type: 'xstate.done.actor.loadLimits', output: LIMITS },
  { type: 'xstate.error.actor.loadLimits', error: new Error('offline') },
].map(event);

/** A player who bets "over": the switch flips first, then the bet is made and answered (its wager back counts as a win). */
const overEvents = (s: AnyMachineSnapshot): AnyEvent[] =>
  (s.context as DiceContext).target === 'under'
    ? [event({ type: 'user.toggleTarget' })]
    : [
        { type: 'user.typeAmount', text: '0.01' },
        { type: 'xstate.done.actor.loadLimits', output: LIMITS },
        { type: 'user.bet' },
        { type: 'xstate.done.actor.placeBet', output: rollAnswer(4, 99.99, 0.01) },
      ].map(event);
const serializeOver = (s: AnyMachineSnapshot) => {
  const c = s.context as DiceContext;
  return JSON.stringify([s.value, c.amountText, c.target]);
};

/** Vertices: the states and what the guards read (the amount, the wallet); the odds are followed by the oracles. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as DiceContext;
  return JSON.stringify([s.value, c.amountText, c.wallet.currency, c.wallet.balance]);
};

interface ScreenInput {
  signedIn: boolean;
  wallet: ReturnType<typeof wallet>;
}
// A visitor's wallets are the defaults at zero; a player's are the ones the fake server lists.
const visitor: ScreenInput = { signedIn: false, wallet: wallet('BTC', 0) };
const player: ScreenInput = { signedIn: true, wallet: wallet('BTC', 0.5) };
const PLAYER_WALLETS = [
  { currencySymbol: 'BTC', balance: 0.5 },
  { currencySymbol: 'ACC', balance: 1 },
];

/** The form and the last Bet as the path left them, from the performed events alone. */
function facts(world: World) {
  const input = world.variant.input as ScreenInput;
  let signedIn = input.signedIn;
  let currentWallet = input.wallet;
  let amountText = '';
  let target: 'under' | 'over' = 'under';
  let loginsAsked = 0;
  let betPressed: { amountText: string; wallet: typeof currentWallet; target: 'under' | 'over' } = { amountText, wallet: currentWallet, target };
  let oddsMovedSincePress = false;
  let roll: { value: number; won: boolean } | null = null;
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        break;
      case 'auth.loggedOut':
        signedIn = false;
        break;
      case 'wallet.changed':
        currentWallet = e['wallet'] as typeof currentWallet;
        break;
      case 'user.typeAmount':
        amountText = e['text'] as string;
        break;
      // docs/product.md §5 with minBet = maxBet = 0.01: half is at least minBet, double at most maxBet, neither above the balance.
      case 'user.halveAmount':
        amountText = currentWallet.balance >= 0.01 ? '0.01' : '0';
        break;
      case 'user.doubleAmount':
        amountText = Number(amountText || 0) > 0 && currentWallet.balance >= 0.01 ? '0.01' : '0';
        break;
      case 'user.toggleTarget':
        target = target === 'under' ? 'over' : 'under';
        break;
      case 'user.typeChance':
      case 'user.typeMultiplier':
      case 'user.slideChance':
        oddsMovedSincePress = true;
        break;
      case 'user.bet':
        betPressed = { amountText, wallet: currentWallet, target };
        oddsMovedSincePress = false;
        if (!signedIn) loginsAsked += 1;
        break;
      case 'xstate.done.actor.placeBet': {
        const outcome = e['output'] as { kind: string; answer?: { bet: { roll: number; payout: number; wager: number } } };
        if (outcome.kind === 'answered') roll = { value: outcome.answer!.bet.roll, won: outcome.answer!.bet.payout >= outcome.answer!.bet.wager };
        break;
      }
    }
  }
  return { signedIn, wallet: currentWallet, amountText, target, loginsAsked, betPressed, oddsMovedSincePress, roll };
}

// Queries stay inside the dice section: role queries over the whole App cost seconds per path.
const section = () => {
  const found = document.querySelector<HTMLElement>('section[aria-label="Dice"]');
  if (!found) throw new Error('the dice screen is not rendered');
  return found;
};
const ui = () => within(section());
// `hidden: true` skips the computed-style check of every button (the screen hides none of them).
const button = (name: string | RegExp) => ui().getByRole('button', { name, hidden: true }) as HTMLButtonElement;
const amountField = () => ui().getByLabelText('Bet amount') as HTMLInputElement;
const chanceField = () => ui().getByLabelText('Win chance') as HTMLInputElement;
const multiplierField = () => ui().getByLabelText('Multiplier') as HTMLInputElement;
const slider = () => ui().getByRole('slider', { name: 'Win chance slider' });
const maxPayout = () => ui().getByTestId('max-payout').textContent?.trim();
const alerts = () =>
  ui()
    .queryAllByRole('alert')
    .map((a) => a.textContent ?? '')
    .filter((text) => text !== '');
const rollShown = () => section().querySelector('output')?.textContent ?? null;
const betButton = () => button(/^(Bet|Rolling…)$/);

const requestWaiting = (sut: ScreenSut) => sut.requests.waiting('/dice/bet');

const answers = answerPerformers<ScreenSut>({
  loadLimits: { path: '/casino/get-limits', reply: (output) => ok({ data: { limit: output } }) },
  placeBet: { path: '/dice/bet' },
});
/** A settled roll reports the balance the path's wallet holds, so the App's wallet stays the one modelled. */
const answerBet = (sut: ScreenSut, e: AnyEvent, world: World) => {
  const outcome = e['output'] as { kind: string; answer?: Record<string, unknown> };
  const output = outcome.kind === 'answered' ? { ...outcome, answer: { ...outcome.answer, balance: facts(world).wallet.balance } } : outcome;
  return answers['xstate.done.actor.placeBet']!(sut, { ...e, output }, world);
};

const expectedRefusal = (world: World) => {
  const { amountText, wallet: pressedWith } = facts(world).betPressed;
  const amount = Number(amountText || 0);
  if (pressedWith.currency === 'ACC') return BET_MESSAGES.accNotAvailable;
  if (amount <= 0) return BET_MESSAGES.notPositive;
  if (amount > pressedWith.balance) return BET_MESSAGES.aboveBalance;
  return null;
};

/**
 * Auto mode's run is the autobet child's (machines/autobet): its bets and their reports cannot be
 * stepped one event at a time on the rendered App. tests/machines/dice.paths.ts takes each of these
 * transitions with a recording child, and tests/e2e/autobet.test.ts runs them in Chromium.
 */
const AUTO_RUN = 'an Auto run: taken in tests/machines/dice.paths.ts (recording child) and in Chromium (tests/e2e/autobet.test.ts)';
const autoRunTransitions = Object.fromEntries(
  chartOf(diceMachine)
    .transitions.filter((key) => / on (auto\.start|auto\.place) #/.test(key) || /^#dice\.mode\.auto on (wallet\.changed|auth\.loggedOut|user\.startAuto|autobet\.bet) #/.test(key))
    .map((key) => [key, AUTO_RUN]),
);
// A reality check (machines/preferences) stops a running Auto run: the preferences machine sends it, not a person.
autoRunTransitions[`#dice.mode.auto on app.realityCheck #0`] = 'an Auto run stopped by a reality check: taken in tests/machines/dice.paths.ts (recording child)';

export const diceScreenPaths: PathSpec<ScreenSut> = {
  name: 'dice screen',
  machine: diceMachine,
  variants: [
    // First: the paths of a variant are kept only where they reach a state or take a transition no earlier one did.
    { name: 'player betting over', input: player, events: overEvents, serializeState: serializeOver },
    { name: 'visitor', input: visitor, events: visitorEvents, serializeState },
    { name: 'player', input: player, events: bettingEvents, serializeState },
    { name: 'player with ACC', input: { signedIn: true, wallet: wallet('ACC', 1) }, events: accEvents, serializeState },
    { name: 'player, Manual and Auto', input: player, events: modeEvents, serializeState },
  ],
  unreachable: autoRunTransitions,
  start(world) {
    const input = world.variant.input as ScreenInput;
    return renderScreen({
      clock: world.clock,
      route: '/dice',
      systemId: 'dice',
      signedIn: input.signedIn,
      storage: { selectedCurrency: input.wallet.currency },
      background: gameScreenBackground(PLAYER_WALLETS),
      pending: ['/casino/get-limits', '/dice/bet'],
      ready: (sut) => {
        section();
        // A player's wallets have loaded: the screen's balance is theirs before the first step.
        if (input.signedIn) expect((sut.snapshot().context as DiceContext).wallet.balance).toBe(input.wallet.balance);
      },
    });
  },
  perform: {
    ...answers,
    'xstate.done.actor.placeBet': answerBet,
    'user.typeAmount': (_sut, e) => typeInto(amountField(), e['text'] as string),
    'user.halveAmount': () => click(button('Half the bet')),
    'user.doubleAmount': () => click(button('Double the bet')),
    'user.typeChance': (_sut, e) => typeInto(chanceField(), e['text'] as string),
    'user.typeMultiplier': (_sut, e) => typeInto(multiplierField(), e['text'] as string),
    // End moves the ring's handle to the highest chance the slider allows.
    'user.slideChance': () => press(slider(), 'End'),
    'user.toggleTarget': () => click(button(/: switch to roll (over|under)$/)),
    'user.bet': () => click(betButton()),
    'user.chooseMode': (_sut, e) => click(ui().getByRole('tab', { name: e['mode'] === 'auto' ? 'Auto' : 'Manual', hidden: true })),
    'wallet.changed': (sut, e) => changeWallet(sut, e),
    // Logins and logouts reach the screen from the app's auth actor, as the app forwards them; the
    // whole logout would also reset the wallet to BTC's defaults, which these paths did not perform.
    'auth.loggedIn': (sut) => sut.send({ type: 'auth.loggedIn', user: { userName: 'ada', id: '7' }, token: 'token' }),
    'auth.loggedOut': (sut) => sut.send({ type: 'auth.loggedOut' }),
    'xstate.after.inputDebounce.dice.form.awaitingClamp': advanceClock(DICE_INPUT_DEBOUNCE_MS),
  },
  states: {
    '#dice': {
      asserts: 'the amount field shows what was typed; the switch says the side chosen; the login dialog is open once a visitor pressed Bet; no bet request was sent by a visitor',
      check(sut, world) {
        const f = facts(world);
        expect(amountField().value).toBe(f.amountText);
        expect(button(/: switch to roll (over|under)$/).getAttribute('aria-label')).toMatch(new RegExp(`^Roll ${f.target} `));
        expectLoginDialog(f.loginsAsked > 0);
        if (!(world.variant.input as ScreenInput).signedIn && world.performed.every((e) => e.type !== 'auth.loggedIn')) expect(sut.requests.requestsOf('/dice/bet')).toEqual([]);
      },
    },
    '#dice.player.visitor': {
      asserts: 'nobody is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(false),
    },
    '#dice.player.signedIn': {
      asserts: 'a player is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(true),
    },
    ...limitsOracles('dice', (world) => facts(world).wallet.currency, {
      loading: { asserts: "the max payout reads '…'", check: (_, world) => expect(maxPayout()).toBe(`… ${facts(world).wallet.currency}`) },
      known: {
        asserts: 'the max payout shows the limit in the currency',
        check: (_, world) => expect(maxPayout()).toBe(`${LIMITS.maxPayout.toFixed(8)} ${facts(world).wallet.currency}`),
      },
      notBettable: { asserts: "the max payout reads '—'", check: () => expect(maxPayout()).toBe('—') },
      unavailable: { asserts: "the max payout reads '…'", check: (_, world) => expect(maxPayout()).toBe(`… ${facts(world).wallet.currency}`) },
    }),
    '#dice.form.settled': {
      asserts: 'the odds fields show the clamped odds (or are empty, showing the placeholders); the ring, the switch and the fields agree on the chance',
      check() {
        const chance = Number(slider().getAttribute('aria-valuenow'));
        if (chanceField().value !== '') expect(Number(chanceField().value)).toBe(chance);
        else expect(chanceField().placeholder).toBe('49.5');
      },
    },
    '#dice.form.awaitingClamp': {
      asserts: 'the field last typed in shows exactly what was typed',
      check(_sut, world) {
        const last = [...world.performed].reverse().find((e) => e.type === 'user.typeChance' || e.type === 'user.typeMultiplier')!;
        const field = last.type === 'user.typeChance' ? chanceField() : multiplierField();
        expect(field.value).toBe(last['text']);
      },
    },
    '#dice.mode.manual': {
      asserts: 'the Manual tab is selected: the Bet button shows, no Auto panel',
      check() {
        expect(ui().getByRole('tab', { name: 'Manual', hidden: true }).getAttribute('aria-selected')).toBe('true');
        expect(ui().queryByRole('button', { name: 'Start autobet', hidden: true })).toBeNull();
        expect(ui().queryByLabelText(/^Number of bets/)).toBeNull();
      },
    },
    '#dice.mode.auto': {
      asserts: 'the Auto tab is selected: the Auto panel shows its settings (0 bets = until stopped, reset on win and on loss, no stop rules) and Start autobet replaces Bet',
      check() {
        expect(ui().getByRole('tab', { name: 'Auto', hidden: true }).getAttribute('aria-selected')).toBe('true');
        expect((ui().getByLabelText(/^Number of bets/) as HTMLInputElement).value).toBe('0');
        expect(ui().getByRole('group', { name: 'On win' }).querySelector('[aria-pressed="true"]')?.textContent).toBe('Reset');
        expect(ui().getByRole('group', { name: 'On loss' }).querySelector('[aria-pressed="true"]')?.textContent).toBe('Reset');
        expect((ui().getByLabelText('Stop on profit') as HTMLInputElement).value).toBe('');
        expect(ui().queryByRole('button', { name: 'Bet', hidden: true })).toBeNull();
        button('Start autobet');
      },
    },
    '#dice.round.idle': {
      asserts: 'no roll and no message on screen: the ring shows the chance; Bet is enabled unless a player waits for the limits; no bet in flight',
      check(sut, world) {
        expect(alerts()).toEqual([]);
        expect(rollShown()).toBeNull();
        const main = world.expected.matches({ mode: 'auto' }) ? button('Start autobet') : betButton();
        if (!world.expected.matches({ mode: 'auto' })) expect(main.textContent).toBe('Bet');
        expect(main.disabled).toBe(facts(world).signedIn && world.expected.matches({ limits: 'loading' }));
        expect(requestWaiting(sut)).toBeUndefined();
      },
    },
    '#dice.round.refused': {
      asserts:
        "a §5 check refused the bet and says why: 'ACC betting not available at this time', \"Can't bet more than balance\" or 'Bet must be greater than 0'; no bet request is waiting",
      check(sut, world) {
        expect(alerts()).toEqual([expectedRefusal(world)]);
        expect(requestWaiting(sut)).toBeUndefined();
      },
    },
    '#dice.round.placing': {
      asserts: 'one bet request is waiting with the amount, currency and side of the Bet press and the chance the ring showed; the button reads Rolling… and is disabled; no message',
      check(sut, world) {
        // The bet goes out as it was when Bet was pressed; the form may change while it is in flight.
        const { betPressed, oddsMovedSincePress } = facts(world);
        const body = requestWaiting(sut)?.body;
        expect(body).toEqual({ betAmount: Number(betPressed.amountText), currency: betPressed.wallet.currency, target: betPressed.target, chance: expect.any(Number) });
        if (!oddsMovedSincePress) expect(body?.['chance']).toBe(Number(slider().getAttribute('aria-valuenow')));
        expect(betButton().textContent).toBe('Rolling…');
        expect(betButton().disabled).toBe(true);
        expect(alerts()).toEqual([]);
      },
    },
    '#dice.round.failed': {
      asserts: "the server's refusal shows in its words, or 'error placing bet, please try again.' without an answer (or with an empty refusal); Bet is enabled",
      check(_sut, world) {
        const last = world.performed.at(-1)!;
        const outcome = last['output'] as { kind: string; message?: string } | undefined;
        if (last.type.endsWith('placeBet')) expect(alerts()).toEqual([outcome?.kind === 'refused' && outcome.message ? outcome.message : NO_RESPONSE]);
        else expect(alerts()).toHaveLength(1);
        expect(betButton().disabled).toBe(false);
      },
    },
    '#dice.round.roundOver': {
      asserts: 'the roll of the answer shows in the ring with two decimals; no message; Bet is enabled',
      check(_sut, world) {
        expect(rollShown()).toBe(formatRoll(facts(world).roll!.value));
        expect(alerts()).toEqual([]);
        expect(betButton().disabled).toBe(false);
      },
    },
    '#dice.round.roundOver.won': {
      asserts: "the payout is at least the wager: the caption reads 'You won …×'",
      check(_sut, world) {
        expect(facts(world).roll!.won).toBe(true);
        expect(section().textContent).toMatch(/You won [\d.]+×/);
      },
    },
    '#dice.round.roundOver.lost': {
      asserts: "the payout is below the wager: the caption reads 'No luck this time'",
      check(_sut, world) {
        expect(facts(world).roll!.won).toBe(false);
        expect(section().textContent).toContain('No luck this time');
      },
    },
  },
};
