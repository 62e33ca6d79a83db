import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBlob } from '../../../lib/api';
import { sessionToken } from '../../../lib/storage';

/** ProofImage shows the receipt the member sent with a manual deposit:
 * the route answers only with the member's session header, so the bytes
 * are fetched and shown from an object URL, released when it goes. */
export function ProofImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const token = sessionToken();
  const q = useQuery({ queryKey: ['proof', token, url], queryFn: ({ signal }) => getBlob(url, signal), staleTime: Infinity, enabled: !!token });
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!q.data) return;
    const made = URL.createObjectURL(q.data);
    setSrc(made);
    return () => URL.revokeObjectURL(made);
  }, [q.data]);
  if (!src) return null;
  return (
    <figure className="cashier-proof">
      <img src={src} alt={t('cashier.order.proof')} />
      <figcaption className="muted">{t('cashier.order.proof')}</figcaption>
    </figure>
  );
}
