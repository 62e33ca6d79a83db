import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';
import { amountText, fromInput, localToIso, rateText, basisPoints, when } from './money';
import { percentKinds, type PromoDraft } from './promoForm';
import type { Money } from './types';

/** PreviewCard is the promotion as a player will see it in the list and
 * on its page, drawn from the form as typed (the body sanitized as the
 * player site does). */
export function PreviewCard({ draft, lang, money }: { draft: PromoDraft; lang: string; money: Money | undefined }) {
  const { t, i18n } = useTranslation();
  const tx = draft.texts[lang] ?? { title: '', summary: '', body: '' };
  const pts = draft.rewardKind === 'points';
  const percent = draft.mode === 'percent' && percentKinds.includes(draft.kind);
  const bp = basisPoints(draft.percent);
  const amount = fromInput(draft.amount, pts, money);
  const cap = fromInput(draft.cap, pts, money);
  let reward = '';
  if (percent && bp !== null) {
    reward = t('promotions.preview.percent', { rate: rateText(bp, i18n.language) });
    if (cap) reward += ` · ${t('promotions.preview.cap', { cap: amountText(cap, draft.rewardKind, money, i18n.language) })}`;
  } else if (amount !== null) {
    reward = amountText(amount, draft.rewardKind, money, i18n.language);
  }
  const start = localToIso(draft.startsAt);
  const end = localToIso(draft.endsAt);
  return (
    <aside className="pr-preview" aria-label={t('promotions.preview.title')} data-testid="promo-preview">
      <p className="pr-preview-label muted">{t('promotions.preview.title')}</p>
      <article className="pr-card" lang={lang === 'cn' ? 'zh-CN' : lang}>
        {draft.imageUrl.trim() ? <img className="pr-card-image" src={draft.imageUrl.trim()} alt="" /> : <div className="pr-card-image pr-card-noimage" aria-hidden="true" />}
        <div className="pr-card-body">
          <span className="admin-badge">{t(`promotions.rewardKind.${draft.rewardKind}`)}</span>
          <h3>{tx.title || <span className="muted">{t('promotions.preview.noTitle')}</span>}</h3>
          {tx.summary && <p>{tx.summary}</p>}
          {reward && <p className="pr-card-reward">{reward}</p>}
          {draft.rewardKind === 'bonus' && <p className="pr-small muted">{t('promotions.preview.wagering', { n: draft.wagering, days: draft.expiryDays })}</p>}
          <p className="pr-small muted">
            {start ? when(start, i18n.language) : '—'} – {end ? when(end, i18n.language) : t('promotions.list.noEnd')}
          </p>
          <button type="button" className="button button-small button-primary" disabled>
            {t(draft.kind === 'application' ? 'promotions.preview.apply' : draft.kind === 'turnover' || draft.kind === 'loss' ? 'promotions.preview.join' : 'promotions.preview.claim')}
          </button>
        </div>
      </article>
      {tx.body && (
        <div className="pr-card-page">
          <p className="pr-preview-label muted">{t('promotions.preview.page')}</p>
          <SafeHtml html={tx.body} className="pr-card-html" />
        </div>
      )}
    </aside>
  );
}
