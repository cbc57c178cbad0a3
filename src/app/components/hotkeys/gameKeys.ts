/**
 * Every key of every game, as the hotkeys panel lists them (issue 20). The screens bind their keys from
 * here where they can (blackjack's letters), so the list cannot promise a key that does nothing.
 */

export interface HotkeyRow {
  /** The keys as printed on the keyboard. */
  keys: readonly string[];
  does: string;
}

export interface HotkeyGroup {
  game: 'dice' | 'mines' | 'blackjack' | 'baccarat';
  path: '/dice' | '/mines' | '/blackjack' | '/baccarat';
  title: string;
  /** Shortcuts: off in settings, they do nothing. */
  keys: readonly HotkeyRow[];
  /** The keys of a focused control (always on: they are how a keyboard works that control). */
  focused?: { where: string; keys: readonly HotkeyRow[] };
}

/** Blackjack's letters and the events they send (the machine decides whether each applies now). */
export const BLACKJACK_KEYS = [
  { key: 'h', label: 'H', event: { type: 'user.hit' }, does: 'Hit' },
  { key: 's', label: 'S', event: { type: 'user.stand' }, does: 'Stand' },
  { key: 'd', label: 'D', event: { type: 'user.double' }, does: 'Double' },
  { key: 'p', label: 'P', event: { type: 'user.split' }, does: 'Split' },
] as const;

export const GAME_HOTKEYS: readonly HotkeyGroup[] = [
  {
    game: 'dice',
    path: '/dice',
    title: 'Dice',
    keys: [{ keys: ['Space'], does: 'Bet; in Auto, start or stop autobet' }],
    focused: {
      where: 'With the ring focused',
      keys: [
        { keys: ['←', '→'], does: 'Win chance down or up by 1' },
        { keys: ['PgDn', 'PgUp'], does: 'Win chance down or up by 10' },
        { keys: ['Home', 'End'], does: 'Lowest or highest win chance' },
      ],
    },
  },
  { game: 'mines', path: '/mines', title: 'Mines', keys: [{ keys: ['Space'], does: 'Bet; during a round, cash out' }] },
  { game: 'blackjack', path: '/blackjack', title: 'Blackjack', keys: BLACKJACK_KEYS.map((k) => ({ keys: [k.label], does: k.does })) },
  { game: 'baccarat', path: '/baccarat', title: 'Baccarat', keys: [{ keys: ['Space'], does: 'Bet the chips placed' }] },
];

/** Keys that work everywhere, whatever the settings. */
export const GENERAL_HOTKEYS: readonly HotkeyRow[] = [
  { keys: ['?'], does: 'Show or hide this list' },
  { keys: ['Esc'], does: 'Close the top dialog' },
];

/** The groups with the game on show first. */
export function groupsFor(pathname: string): HotkeyGroup[] {
  const current = GAME_HOTKEYS.find((group) => pathname === group.path || pathname.startsWith(`${group.path}/`));
  return current ? [current, ...GAME_HOTKEYS.filter((group) => group !== current)] : [...GAME_HOTKEYS];
}
