import styles from './CurrencyIcon.module.css';

const COLORS: Record<string, string> = {
  BTC: '#f7931a',
  ETH: '#7f8fff',
  USDT: '#26a17b',
  LTC: '#a6b3c9',
  DOGE: '#c9a633',
  ACC: '#7b6cff',
};

/** A coin badge of our own: the currency's colour and first letter (no third-party logos). */
export function CurrencyIcon({ symbol, size = 18 }: { symbol: string; size?: number }) {
  return (
    <span
      className={styles.icon}
      style={{ width: size, height: size, background: COLORS[symbol] ?? '#5d6890', fontSize: size * 0.55 }}
      aria-hidden="true"
    >
      {symbol === 'ETH' ? 'Ξ' : symbol === 'BTC' ? 'B' : symbol === 'USDT' ? '₮' : symbol === 'LTC' ? 'Ł' : symbol === 'DOGE' ? 'Ð' : symbol.slice(0, 1)}
    </span>
  );
}
