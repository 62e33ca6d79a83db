import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { LoadError } from '../../components/LoadError';
import { SafeHtml } from '../../components/SafeHtml';
import { Spinner } from '../../components/Spinner';
import { useHelpCenter } from '../../data/content';

// HelpCenterPopup shows the help sections; /help#term (or any article
// code) opens on that article (spec §2).
export function HelpCenterPopup({ article, onClose }: { article?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useHelpCenter();
  const [chosen, setChosen] = useState<string | undefined>(article || undefined);
  const articles = (q.data ?? []).flatMap((s) => s.articles);
  const current = articles.find((a) => a.code === chosen) ?? articles[0];
  return (
    <Dialog title={t('help.title')} onClose={onClose} className="dialog-wide help-center">
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : (
        <div className="help-layout">
          <nav aria-label={t('help.sections')}>
            {q.data.map((s) => (
              <section key={s.code}>
                <h3 dir="auto">{s.title}</h3>
                <ul>
                  {s.articles.map((a) => (
                    <li key={a.code}>
                      <button type="button" className="link-button" dir="auto" aria-current={current?.code === a.code ? 'true' : undefined} onClick={() => setChosen(a.code)}>
                        {a.title}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          {current && (
            // dir auto: an article the operator wrote in one language only
            // (English on an Arabic page) keeps its own direction.
            <article id={current.code} className="help-article" dir="auto">
              <h3>{current.title}</h3>
              <SafeHtml className="rich" html={withoutLeadingTitle(current.content, current.title)} />
            </article>
          )}
        </div>
      )}
    </Dialog>
  );
}

// withoutLeadingTitle drops a heading that opens an article's content when
// it repeats the article's title, which the popup already shows above it:
// operators often start the text with its own title.
export function withoutLeadingTitle(html: string, title: string): string {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const first = tpl.content.firstElementChild;
  const before = first ? Array.from(tpl.content.childNodes).slice(0, Array.from(tpl.content.childNodes).indexOf(first)) : [];
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  if (!first || !/^H[1-6]$/.test(first.tagName) || before.some((n) => norm(n.textContent ?? '') !== '') || norm(first.textContent ?? '') !== norm(title)) return html;
  first.remove();
  return tpl.innerHTML;
}
