import { useTranslation } from 'react-i18next';
import type { MenuVendor } from '../data/types';
import { launch } from '../lib/launch';
import { LazyImage } from './LazyImage';

// VendorCard is a vendor of a vendor list (sports, lottery, e-sports,
// cockfight): clicking it launches the vendor's own lobby.
export function VendorCard({ vendor, gameType }: { vendor: MenuVendor; gameType: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="vendor-card"
      disabled={vendor.maintenance}
      onClick={() => launch({ vassalage: vendor.vassalage, displayName: vendor.displayName, gameType, logoUrl: vendor.logoUrl })}
    >
      <LazyImage src={vendor.logoUrl} alt="" width={120} height={60} />
      <span className="vendor-name">{vendor.displayName}</span>
      <span className="vendor-action">{vendor.maintenance ? t('game.maintenance') : t('game.enter')}</span>
    </button>
  );
}
