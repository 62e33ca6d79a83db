import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** TotpQrCode draws the authenticator's otpauth:// address as a QR code
 * (an SVG made here, in the browser: the secret never leaves the page). */
export function TotpQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (s) => live && setSvg(s),
      () => live && setSvg(''),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return <div className="admin-qr admin-qr-empty" aria-hidden="true" />;
  return <img className="admin-qr" alt={label} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={200} height={200} />;
}
