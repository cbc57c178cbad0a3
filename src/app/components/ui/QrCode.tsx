import { useMemo } from 'react';
import QRCode from 'qrcode';

/** QR size and error correction of docs/product.md §2/§9. */
export const QR_SIZE = 240;
const QUIET_ZONE = 4;

/**
 * A QR code drawn as SVG from qrcode's synchronous matrix: no canvas, no effect, crisp at any
 * density. Dark modules on white with the standard quiet zone, so phone cameras read it on the dark theme.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'H' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { d: parts.join(''), extent: modules.size + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={QR_SIZE}
      height={QR_SIZE}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      shapeRendering="crispEdges"
      data-error-correction="H"
    >
      <rect width={path.extent} height={path.extent} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </svg>
  );
}
