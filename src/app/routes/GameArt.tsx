/**
 * Cover art for the game cards, drawn in SVG so it stays crisp: the drawings are symbols of the page's
 * sprite (components/ui/sprite.svg, at the start of index.html's body), markup rather than script.
 */

export type GameArtName = 'dice' | 'mines' | 'blackjack' | 'baccarat' | 'plinko' | 'roulette';

export function GameArt({ game }: { game: GameArtName }) {
  return (
    <svg viewBox="0 0 200 140" role="presentation" aria-hidden="true" focusable="false">
      <use href={`#art-${game}`} />
    </svg>
  );
}
