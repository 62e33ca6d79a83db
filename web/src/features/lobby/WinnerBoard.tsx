import { useTranslation } from 'react-i18next';
import { useWinners } from '../../data/catalog';
import type { Winner } from '../../data/types';
import { imageUrl } from '../../lib/cdn';
import { formatMoney } from '../../lib/format';

// pairs groups the winner list two by two (spec §2: shown in pairs).
export function pairs<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += 2) out.push(list.slice(i, i + 2));
  return out;
}

// WinnerBoard shows the 20 biggest wins in pairs, scrolling by itself; the
// list is drawn twice so the scroll wraps without a jump.
export function WinnerBoard() {
  const { t } = useTranslation();
  const q = useWinners();
  const list = q.data?.list ?? [];
  if (q.isSuccess && list.length === 0) return null;
  const rows = pairs(list.slice(0, 20));
  return (
    <section className="winner-board" aria-labelledby="winners-title">
      <h2 id="winners-title">{t('home.winners')}</h2>
      <div className="winner-window">
        <div className="winner-track" style={{ animationDuration: `${rows.length * 3}s` }}>
          {[0, 1].map((copy) => (
            <ul key={copy} aria-hidden={copy === 1}>
              {rows.map((row, i) => (
                <li key={i} className="winner-pair">
                  {row.map((w) => (
                    <WinnerEntry key={`${w.vo.gameCode}-${w.vo.winTime}`} w={w} />
                  ))}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}

function WinnerEntry({ w }: { w: Winner }) {
  const { t } = useTranslation();
  return (
    <span className="winner">
      <img src={imageUrl(w.vo.iconUrl)} alt="" width={36} height={36} loading="lazy" />
      <span className="winner-text">
        <span className="winner-name">{w.vo.customerName}</span>
        <span className="winner-game">{w.vo.gameName}</span>
      </span>
      <span className="winner-amount" aria-label={t('home.won')}>
        {w.vo.currency} {formatMoney(w.vo.winAmount)}
      </span>
    </span>
  );
}
