import { act, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { baccaratMachine, CARD_DEAL_MS, CARD_FLIP_MS, WIN_POPUP_MS } from '../../machines/baccarat/machine';
import type { BaccaratArea, BaccaratContext } from '../../machines/baccarat/machine';
import type { GameWallet } from '../../machines/shared/events';
import { chipFaces } from '../../src/core/bets/chips';
import { BACCARAT_ERROR_CLEAR_MS } from '../../src/core/bets/validation';
import { baccaratScore, describeCard } from '../../src/core/games/cards';
import { formatCrypto, toUnitsFloor, unitsToNumber } from '../../src/core/money';
import type { AnyEvent, PathSpec } from '../support/pathTesting';
import { advanceClock, answerPerformers, changeWallet, click, expectLoginDialog, gameScreenBackground, limitsOracles, ok, renderScreen, spokenText } from '../support/screenPaths';
import type { ScreenSut } from '../support/screenPaths';
import { baccaratEvents, baccaratFacts as facts, baccaratSerializeState as serializeState, LADDER, MESSAGES, WALLET } from '../machines/baccarat.paths';
import type { Answer } from '../machines/baccarat.paths';

/**
 * The baccarat screen driven by the paths of the baccarat chart: each step is what a person does on
 * the rendered App (click a chip of the selector, a betting area, Clear, Bet, the popup's Close) or
 * the fake server's answer to the pending request, the cards arriving as the clock moves on; each
 * state checks what the person sees, by role, name and text: the chips offered, the stacks and
 * totals, the controls enabled or not, the message, the hands, the scores and the result, the win
 * popup, the balance in the header and the bets table. Expectations come from the machine spec's
 * reference of the table (`baccaratFacts`), folded over the performed events.
 */

type Facts = ReturnType<typeof facts>;
const AREAS: readonly BaccaratArea[] = ['player', 'tie', 'banker'];
const AREA_NAMES: Record<BaccaratArea, string> = { player: 'Player', tie: 'Tie', banker: 'Banker' };
const SIDES = ['player', 'banker'] as const;
const coins = (units: number) => unitsToNumber(BigInt(units));
const sum = (stack: readonly number[]) => stack.reduce((a, b) => a + b, 0);
/** The faces of the ladder with no dollar rate and the display in coins (the App has no rates here). */
const FACES = new Map(LADDER.map((value, i) => [value, chipFaces(LADDER.map(BigInt), { exchangeRate: null, fiat: false })[i]!]));

interface ScreenInput {
  signedIn: boolean;
  wallet: GameWallet;
}
// A visitor's wallets are the defaults at zero; a player's are the ones the fake server lists.
const visitor: ScreenInput = { signedIn: false, wallet: { ...WALLET, balance: 0 } };
const player: ScreenInput = { signedIn: true, wallet: WALLET };
const PLAYER_WALLETS = ['BTC', 'USDT', 'ACC'].map((currencySymbol) => ({ currencySymbol, balance: WALLET.balance }));

/**
 * The machine spec's events, the server reporting after a round the balance the path's wallet holds:
 * the App's wallet passes it back to the screen, which then holds the balance the model does.
 */
const screenEvents =
  (withLogin: boolean) =>
  (s: AnyMachineSnapshot): AnyEvent[] =>
    baccaratEvents(withLogin)(s).map((e) => {
      const outcome = e['output'] as { kind?: string; answer?: Answer } | undefined;
      if (e.type !== 'xstate.done.actor.placeBet' || outcome?.kind !== 'answered') return e;
      return { ...e, output: { ...outcome, answer: { ...outcome.answer!, balance: (s.context as BaccaratContext).wallet.balance } } };
    });

// ---------------------------------------------------------------------------------------------
// The screen, as a person finds it. Queries stay inside the game's section: role queries over the
// whole App (header, menus, bets table) cost a tenth of a second each.

const section = () => {
  const found = document.querySelector<HTMLElement>('section[aria-label="Baccarat"]');
  if (!found) throw new Error('the baccarat screen is not rendered');
  return found;
};
const ui = () => within(section());
// `hidden: true` skips the computed-style check of every button (the screen hides none of them).
const button = (name: string | RegExp) => ui().getByRole('button', { name, hidden: true }) as HTMLButtonElement;
const chipButtons = () => [...ui().getByRole('group', { name: 'Chip value', hidden: true }).querySelectorAll('button')];
const chipButton = (value: number) => button(`Chip ${FACES.get(value)}`);
const area = (name: BaccaratArea) => button(new RegExp(`^Bet on ${AREA_NAMES[name]},`));
const byTestId = (id: string) => ui().getByTestId(id);
const stackShown = (name: BaccaratArea) => [...byTestId(`stack-${name}`).querySelectorAll('[data-chip]')].map((chip) => Number(chip.getAttribute('data-chip')));
const message = () => byTestId('baccarat-message').textContent;
const outcome = () => byTestId('baccarat-outcome').textContent;
const winPopup = () => section().querySelector<HTMLElement>('[role="dialog"][aria-label="You won"]');
/** A hand as a screen reader reads its cards: each card's name, or 'Face-down card' while it travels. */
const cardsShown = (side: 'player' | 'banker') => [...byTestId(`hand-${side}`).querySelectorAll('[role="img"]')].map((card) => card.getAttribute('aria-label'));
const scoreShown = (side: 'player' | 'banker') => byTestId(`score-${side}`).textContent;
const headerBalance = () => document.querySelector('[data-testid="header-balance"]')?.textContent;
const controls = () => [button('Bet'), button('Clear'), ...AREAS.map(area), ...chipButtons()];

const cardName = (index: number) => {
  const card = describeCard(index);
  return `${card.rank} of ${card.suit}`;
};

/** The cards dealt so far per side, in the order docs/product.md §4 deals them; the one travelling is face down. */
function expectHands(f: Facts) {
  for (const side of SIDES) {
    const expected = f.order
      .map((entry, position) => ({ ...entry, position }))
      .filter((entry) => entry.position < f.dealt && entry.side === side)
      .map((entry) => (f.arriving && entry.position === f.dealt - 1 ? 'Face-down card' : cardName(entry.card)));
    expect(cardsShown(side), `${side} hand`).toEqual(expected);
  }
}

/** The balance the header shows: the stake leaves it while the round is on its way and dealt. */
const expectedBalance = (f: Facts) => formatCrypto(toUnitsFloor(f.wallet.balance) - (f.phase === 'betting' ? 0n : BigInt(f.stake)));

/** The bets table shows the player's round only once its cards are out (docs/product.md §4). */
async function expectBetsTable(f: Facts) {
  // The table follows the feed on animation frames: one frame passes first.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  const shown = [...document.querySelectorAll('tr[data-bet-id]')].map((row) => row.getAttribute('data-bet-id'));
  const released = f.toFeed.filter((e) => (e as { type: string }).type === 'game.animationOver').map((e) => (e as { betId: string }).betId);
  // Newest first, one row per bet id.
  expect(shown, 'rows of the bets table').toEqual([...new Set([...released].reverse())]);
}

const requestWaiting = (sut: ScreenSut) => sut.requests.waiting('/baccarat/bet');

// ---------------------------------------------------------------------------------------------
// The fake server.

const answers = answerPerformers<ScreenSut>({
  loadLimits: { path: '/casino/get-limits', reply: (output) => ok({ data: { limit: output } }) },
  placeBet: { path: '/baccarat/bet' },
});

export const baccaratScreenPaths: PathSpec<ScreenSut> = {
  name: 'baccarat screen',
  machine: baccaratMachine,
  variants: [
    // First, so the App a visitor gets (no session, no balance) takes the table's first steps: chips
    // can be placed, and Bet opens the login dialog. A variant's paths are kept only where they reach
    // a state or take a transition no earlier one did.
    { name: 'visitor', input: visitor, events: screenEvents(false), serializeState },
    { name: 'player', input: player, events: screenEvents(true), serializeState },
    // ACC selected before the screen opens: no limits are asked for, until a bettable currency is chosen.
    {
      name: 'player with ACC',
      input: { signedIn: true, wallet: { ...WALLET, currency: 'ACC' } },
      events: [{ type: 'wallet.changed', wallet: WALLET }, { type: 'user.bet' }] as AnyEvent[],
      serializeState,
    },
  ],
  start(world) {
    const input = world.variant.input as ScreenInput;
    return renderScreen({
      clock: world.clock,
      route: '/baccarat',
      systemId: 'baccarat',
      signedIn: input.signedIn,
      storage: { selectedCurrency: input.wallet.currency },
      background: gameScreenBackground(PLAYER_WALLETS),
      pending: ['/casino/get-limits', '/baccarat/bet'],
      ready: (sut) => {
        section();
        // A player's wallets have loaded: the screen's balance is theirs before the first step.
        if (input.signedIn) expect((sut.snapshot().context as BaccaratContext).wallet.balance).toBe(input.wallet.balance);
      },
    });
  },
  perform: {
    ...answers,
    'user.selectChip': (_sut, e) => click(chipButton(e['value'] as number)),
    'user.placeChip': (_sut, e) => click(area(e['area'] as BaccaratArea)),
    'user.clear': () => click(button('Clear')),
    'user.bet': () => click(button('Bet')),
    'user.closeWinPopup': () => click(within(winPopup()!).getByRole('button', { name: 'Close', hidden: true })),
    'wallet.changed': (sut, e) => changeWallet(sut, e),
    // Logins and logouts reach the screen from the app's auth actor, as the app forwards them; the
    // whole logout would also reset the wallet to BTC's defaults, which these paths did not perform.
    'auth.loggedIn': (sut) => sut.send({ type: 'auth.loggedIn', user: { userName: 'ada', id: '7' }, token: 'token' }),
    'auth.loggedOut': (sut) => sut.send({ type: 'auth.loggedOut' }),
    'xstate.after.cardDeal.baccarat.round.dealing.cardArriving': advanceClock(CARD_DEAL_MS),
    'xstate.after.cardFlip.baccarat.round.dealing.cardTurning': advanceClock(CARD_FLIP_MS),
    'xstate.after.errorClear.baccarat.round.betting.awaitingChips': advanceClock(BACCARAT_ERROR_CLEAR_MS),
    'xstate.after.errorClear.baccarat.round.betting.failed': advanceClock(BACCARAT_ERROR_CLEAR_MS),
    'xstate.after.winPopup.baccarat.round.betting.roundOver.won.popupShown': advanceClock(WIN_POPUP_MS),
  },
  states: {
    '#baccarat': {
      asserts:
        'the selector offers the chips of the limits (none before them), the chosen one pressed and its worth beside it; each area shows its stack and total, and the total bet their sum; the message and the result (or VS) as the path left them; the header shows the balance, less the stake while a round is out; the bets table shows each round once its cards are out; the login dialog is open once a visitor pressed Bet; one bet request per accepted Bet',
      async check(sut, world) {
        const f = facts(world);
        expect(chipButtons().map((chip) => chip.getAttribute('aria-label'))).toEqual(f.chipValues.map((value) => `Chip ${FACES.get(value)}`));
        expect(chipButtons().filter((chip) => chip.getAttribute('aria-pressed') === 'true').map((chip) => chip.getAttribute('aria-label'))).toEqual(
          f.selected > 0 ? [`Chip ${FACES.get(f.selected)}`] : [],
        );
        expect(byTestId('chip-worth').textContent).toBe(f.selected > 0 ? `${formatCrypto(coins(f.selected))} ${f.wallet.currency}` : '');
        for (const name of AREAS) {
          expect(stackShown(name), `${name} stack`).toEqual(f.chips[name]);
          expect(byTestId(`total-${name}`).textContent, `${name} total`).toBe(formatCrypto(coins(sum(f.chips[name]))));
        }
        expect(spokenText(byTestId('total-bet'))).toBe(formatCrypto(coins(AREAS.reduce((n, name) => n + sum(f.chips[name]), 0))));
        expect(message()).toBe(f.screen && 'message' in f.screen ? f.screen.message : '');
        expect(outcome()).toBe(f.screen && 'outcome' in f.screen ? MESSAGES.outcome[f.screen.outcome] : 'VS');
        // The header's balance belongs to the App's session, which a visitor does not have (the paths' logins reach the screen alone).
        expect(headerBalance()).toBe((world.variant.input as ScreenInput).signedIn ? expectedBalance(f) : undefined);
        expectLoginDialog(f.loginsAsked > 0);
        expect(sut.requests.requestsOf('/baccarat/bet').map((r) => r.body), 'one bet request per accepted Bet').toEqual(f.requests);
        await expectBetsTable(f);
      },
    },
    '#baccarat.player.visitor': {
      asserts: 'nobody is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(false),
    },
    '#baccarat.player.signedIn': {
      asserts: 'a player is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(true),
    },
    ...limitsOracles('baccarat', (world) => facts(world).wallet.currency, {
      notBettable: { asserts: 'the selector offers no chip', check: () => expect(chipButtons()).toEqual([]) },
    }),
    '#baccarat.round.betting': {
      asserts:
        'no round is out: the chips can be chosen, the areas take a chip once one is chosen, Clear is enabled, Bet too unless a player waits for the limits; Bet reads as not busy; no bet request is waiting',
      check(sut, world) {
        const f = facts(world);
        expect(chipButtons().every((chip) => !chip.disabled)).toBe(true);
        for (const name of AREAS) expect(area(name).disabled, `${name} area`).toBe(f.selected === 0);
        expect(button('Clear').disabled).toBe(false);
        expect(button('Bet').disabled).toBe(f.signedIn && f.wallet.currency !== 'ACC' && f.limits === 'loading');
        expect(button('Bet').getAttribute('data-busy')).toBeNull();
        expect(requestWaiting(sut)).toBeUndefined();
      },
    },
    '#baccarat.round.betting.idle': {
      asserts: 'no message, no result (VS), no popup, no winning side marked',
      check() {
        expect(message()).toBe('');
        expect(outcome()).toBe('VS');
        expect(winPopup()).toBeNull();
        expect(section().querySelectorAll('[data-won="true"]')).toHaveLength(0);
      },
    },
    '#baccarat.round.betting.awaitingChips': {
      asserts: "'Please place at least one bet before starting the game.' shows; the table is empty; no bet request was sent for it",
      check(_sut, world) {
        expect(message()).toBe(MESSAGES.noBet);
        expect(AREAS.flatMap(stackShown)).toEqual([]);
        expect(facts(world).screen).toEqual({ message: MESSAGES.noBet, clears: 'chips' });
      },
    },
    '#baccarat.round.betting.refused': {
      asserts: "the first §5 check that fails shows its message ('Balance too low.', the limits, ACC) until the chips change; the chips stay",
      check(_sut, world) {
        const f = facts(world);
        expect(message()).toBe(f.lastRefusal);
        expect(AREAS.map(stackShown)).toEqual(AREAS.map((name) => f.chips[name]));
      },
    },
    '#baccarat.round.betting.failed': {
      asserts: "the server's words, or 'An error occurred while placing the bet.' without an answer, show; the header has the stake back; no cards",
      check(_sut, world) {
        const f = facts(world);
        const last = world.performed.at(-1)!;
        const answer = last['output'] as { kind: string; message?: string } | undefined;
        if (last.type.endsWith('placeBet')) expect(message()).toBe(answer?.kind === 'refused' && answer.message ? answer.message : MESSAGES.network);
        expect(headerBalance()).toBe(formatCrypto(f.wallet.balance));
        for (const side of SIDES) expect(cardsShown(side), `${side} hand`).toEqual([]);
      },
    },
    '#baccarat.round.betting.roundOver': {
      asserts:
        "every card is out face up in the order dealt; the scores are the server's; the winning hand and its area are marked; the header shows the balance the server sent; the chips stay for the next deal",
      check(_sut, world) {
        const f = facts(world);
        expectHands(f);
        expect(f.dealt).toBe(f.order.length);
        const { playerScore, bankerScore } = f.round!.game;
        expect(scoreShown('player')).toBe(String(playerScore));
        expect(scoreShown('banker')).toBe(String(bankerScore));
        const winner: BaccaratArea = playerScore > bankerScore ? 'player' : bankerScore > playerScore ? 'banker' : 'tie';
        const marked = [...section().querySelectorAll('[data-won="true"]')].map((el) => el.getAttribute('data-area') ?? el.getAttribute('data-side'));
        expect(marked.sort()).toEqual(winner === 'tie' ? ['tie'] : [winner, winner]);
        expect(headerBalance()).toBe(formatCrypto(f.round!.balance));
        expect(message()).toBe('');
      },
    },
    '#baccarat.round.betting.roundOver.won': {
      asserts: 'the round returned more than the total bet: You Won',
      check(_sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBeGreaterThan(f.stake);
        expect(outcome()).toBe(MESSAGES.outcome.won);
      },
    },
    '#baccarat.round.betting.roundOver.won.popupShown': {
      asserts: 'the win popup shows payout ÷ total bet with two decimals and the amount returned in coins',
      check(_sut, world) {
        const f = facts(world);
        const result = Number(toUnitsFloor(f.round!.game.resultAmount));
        const popup = winPopup();
        expect(popup).not.toBeNull();
        // The multiplier, the amount (its coin badge is not read), then the close button's ×.
        expect(spokenText(popup!)).toBe(`${(Math.floor((result * 10_000) / f.stake) / 10_000).toFixed(2)}×${formatCrypto(f.round!.game.resultAmount)}×`);
      },
    },
    '#baccarat.round.betting.roundOver.won.popupClosed': {
      asserts: 'the popup is gone (3 s or closed); You Won stays',
      check: () => expect(winPopup()).toBeNull(),
    },
    '#baccarat.round.betting.roundOver.lost': {
      asserts: 'the round returned less than the total bet: You Lost, no popup',
      check(_sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBeLessThan(f.stake);
        expect(outcome()).toBe(MESSAGES.outcome.lost);
        expect(winPopup()).toBeNull();
      },
    },
    '#baccarat.round.betting.roundOver.draw': {
      asserts: 'the round returned exactly the total bet: Draw, no popup',
      check(_sut, world) {
        const f = facts(world);
        expect(Number(toUnitsFloor(f.round!.game.resultAmount))).toBe(f.stake);
        expect(outcome()).toBe(MESSAGES.outcome.draw);
        expect(winPopup()).toBeNull();
      },
    },
    '#baccarat.round.placing': {
      asserts:
        'one bet request is waiting with each area in coins and the selected currency; every control (Bet, Clear, the areas, the chips) is disabled and Bet reads as busy; no cards yet, both scores read –',
      check(sut, world) {
        const f = facts(world);
        expect(requestWaiting(sut)?.body).toEqual(f.request);
        for (const control of controls()) expect(control.disabled, control.getAttribute('aria-label') ?? control.textContent).toBe(true);
        expect(button('Bet').getAttribute('data-busy')).toBe('true');
        for (const side of SIDES) {
          expect(cardsShown(side), `${side} hand`).toEqual([]);
          expect(scoreShown(side)).toBe('–');
        }
      },
    },
    '#baccarat.round.dealing': {
      asserts:
        'the cards come player, banker, player, banker, then the third cards; every control is disabled; each score counts its face-up cards (– before any); no result yet',
      check(_sut, world) {
        const f = facts(world);
        for (const control of controls()) expect(control.disabled, control.getAttribute('aria-label') ?? control.textContent).toBe(true);
        expectHands(f);
        for (const side of SIDES) {
          const up = f.order.filter((entry, position) => entry.side === side && position < f.dealt && !(f.arriving && position === f.dealt - 1)).map((entry) => entry.card);
          expect(scoreShown(side), `${side} score`).toBe(up.length ? String(baccaratScore(up)) : '–');
        }
        expect(outcome()).toBe('VS');
      },
    },
    '#baccarat.round.dealing.cardArriving': {
      asserts: 'the newest card travels face down',
      check(_sut, world) {
        expect(facts(world).arriving).toBe(true);
        expect(cardsShown(facts(world).order[facts(world).dealt - 1]!.side).at(-1)).toBe('Face-down card');
      },
    },
    '#baccarat.round.dealing.cardTurning': {
      asserts: 'every card dealt is face up',
      check(_sut, world) {
        expect(facts(world).arriving).toBe(false);
        expect([...cardsShown('player'), ...cardsShown('banker')]).not.toContain('Face-down card');
      },
    },
  },
};
