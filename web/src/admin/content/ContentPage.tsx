import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pager, pageSizes } from '../components/Pager';
import { errorText } from '../lib/errorText';
import { formatTime } from '../lib/format';
import { ContentEditor } from './ContentEditor';
import { kinds, useContentList, useContentOptions, useContentReorder, type ContentItem, type Kind, type ListQuery } from './contentApi';
import { titleOf } from './contentText';
import './content.css';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ContentItem>();
const noRows: ContentItem[] = [];
const debounceMs = 350;
const sortable = ['title', 'order', 'startsAt', 'endsAt', 'createdAt'] as const;

/** ContentPage is the Content section: a tab per kind (banners, notices,
 * announcements, help), each a server-paged table with its filters, and
 * the editor of the item opened (?edit=<id> or ?edit=new). */
export function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = (kinds.find((k) => k.kind === params.get('kind'))?.kind ?? 'banner') as Kind;
  const edit = params.get('edit') ?? '';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const [created, setCreated] = useState('');

  const set = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );
  const openKind = (k: Kind) => setParams(k === 'banner' ? {} : { kind: k }, { replace: true });
  // Arrow keys move between tabs, as a tab list should.
  const onKey = (e: KeyboardEvent) => {
    const i = kinds.findIndex((k) => k.kind === kind);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = kinds[(i + step + kinds.length) % kinds.length].kind;
    openKind(next);
    refs.current[next]?.focus();
  };

  return (
    <section className="admin-page" aria-labelledby="page-content">
      <div className="admin-page-head">
        <h1 id="page-content">{t('sections.content.title')}</h1>
        <p className="muted">{t('content.summary')}</p>
      </div>
      <div className="content-tabs" role="tablist" aria-label={t('sections.content.title')} onKeyDown={onKey}>
        {kinds.map(({ kind: k, part }) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`content-tab-${k}`}
            aria-selected={kind === k}
            aria-controls={`content-panel-${k}`}
            tabIndex={kind === k ? 0 : -1}
            ref={(el) => {
              refs.current[k] = el;
            }}
            onClick={() => openKind(k)}
          >
            {t(`sections.content.parts.${part}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`content-panel-${kind}`} aria-labelledby={`content-tab-${kind}`} className="content-panel">
        {edit && (
          <ContentEditor
            key={`${kind}-${edit}`}
            kind={kind}
            id={edit === 'new' ? null : Number(edit)}
            onClose={() => set({ edit: null })}
            onSaved={(id) => {
              setCreated(String(id));
              set({ edit: String(id) });
            }}
            justSaved={created !== '' && created === edit}
          />
        )}
        <ContentTable key={kind} kind={kind} openId={edit} onOpen={(id) => set({ edit: id })} />
      </div>
    </section>
  );
}

type Filters = Omit<ListQuery, 'kind'>;
const initial: Filters = { type: '', lang: '', status: '', q: '', sort: 'order', dir: 'asc', pageNum: 1, pageSize: pageSizes[0] };

function ContentTable({ kind, openId, onOpen }: { kind: Kind; openId: string; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const options = useContentOptions();
  const [f, setF] = useState<Filters>(initial);
  const [draft, setDraft] = useState('');
  const list = useContentList({ kind, ...f });
  const reorder = useContentReorder();
  const part = kinds.find((k) => k.kind === kind)!.part;
  const update = (next: Partial<Filters>) => setF((prev) => ({ ...prev, pageNum: 1, ...next }));

  useEffect(() => {
    const q = draft.trim();
    if (q === f.q) return;
    const timer = setTimeout(() => update({ q }), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, f.q]);

  const rows = list.data?.content ?? noRows;
  // The order can be changed when the whole of one group is on screen in
  // its display order.
  const canReorder = f.type !== '' && f.sort === 'order' && f.dir === 'asc' && !f.lang && !f.status && !f.q && f.pageNum === 1 && (list.data?.totalPages ?? 0) <= 1;
  const move = (index: number, by: number) => {
    const ids = rows.map((r) => r.id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j], ids[index]];
    reorder.mutate({ kind, type: f.type, ids });
  };

  const sortBy = (key: string) => update({ sort: key, dir: f.sort === key && f.dir === 'asc' ? 'desc' : 'asc' });
  const header = (key: (typeof sortable)[number], label: string) => (
    <button type="button" className="content-sort" onClick={() => sortBy(key)}>
      {label}
      <span aria-hidden="true">{f.sort === key ? (f.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </button>
  );
  const ariaSort = (key: string) => (f.sort === key ? (f.dir === 'asc' ? 'ascending' : 'descending') : undefined);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'title',
          header: () => header('title', t('content.fields.title')),
          cell: (c) => (
            <button type="button" className="content-link" onClick={() => onOpen(String(c.row.original.id))} aria-current={String(c.row.original.id) === openId ? 'true' : undefined}>
              {titleOf(c.row.original, i18n.language) || c.row.original.slug}
            </button>
          ),
        }),
        helper.accessor('type', { header: () => t(`content.typeLabel.${kind}`), cell: (c) => t(`content.types.${c.getValue()}`, { defaultValue: c.getValue() }) }),
        helper.display({
          id: 'languages',
          header: () => t('content.fields.languages'),
          cell: (c) => Object.keys(c.row.original.texts).sort().join(' '),
        }),
        ...(kind === 'notice' || kind === 'announcement'
          ? [helper.accessor('execution', { header: () => t('content.fields.execution'), cell: (c) => t(`content.executions.${c.getValue()}`, { defaultValue: c.getValue() }) })]
          : []),
        helper.accessor('status', {
          header: () => t('content.fields.status'),
          cell: (c) => <span className={`admin-badge ${c.getValue() === 'live' ? 'admin-badge-on' : c.getValue() === 'ended' ? 'admin-badge-off' : ''}`}>{t(`content.statuses.${c.getValue()}`)}</span>,
        }),
        helper.accessor('startsAt', { header: () => header('startsAt', t('content.fields.startsAt')), cell: (c) => (c.getValue() ? formatTime(c.getValue()!, i18n.language) : '—') }),
        helper.accessor('endsAt', { header: () => header('endsAt', t('content.fields.endsAt')), cell: (c) => (c.getValue() ? formatTime(c.getValue()!, i18n.language) : '—') }),
        helper.accessor('sort', { header: () => header('order', t('content.fields.order')) }),
        helper.accessor('createdAt', { header: () => header('createdAt', t('content.fields.createdAt')), cell: (c) => formatTime(c.getValue(), i18n.language) }),
      ]),
    // header and onOpen close over the filters and the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, kind, f.sort, f.dir, openId],
  );
  const table = useTable({ features, columns, data: rows });
  const types = options.data?.types[kind] ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim() });
  };
  const sortKeyOf = (colId: string) => (colId === 'sort' ? 'order' : colId);

  return (
    <div className="admin-panel">
      <div className="content-head">
        <h2 id={`content-list-${kind}`}>{t(`sections.content.parts.${part}`)}</h2>
        <button type="button" className="button button-primary button-small" onClick={() => onOpen('new')}>
          {t(`content.new.${kind}`)}
        </button>
      </div>
      <form className="admin-filters" role="search" aria-labelledby={`content-list-${kind}`} onSubmit={submit}>
        <label className="admin-field">
          <span>{t(`content.typeLabel.${kind}`)}</span>
          <select className="input admin-select" value={f.type} onChange={(e) => update({ type: e.target.value })}>
            <option value="">{t('content.filters.all')}</option>
            {types.map((ty) => (
              <option key={ty} value={ty}>
                {t(`content.types.${ty}`, { defaultValue: ty })}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('content.filters.language')}</span>
          <select className="input admin-select" value={f.lang} onChange={(e) => update({ lang: e.target.value })}>
            <option value="">{t('content.filters.all')}</option>
            {(options.data?.languages ?? []).map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('content.fields.status')}</span>
          <select className="input admin-select" value={f.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">{t('content.filters.all')}</option>
            {(['live', 'scheduled', 'ended'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`content.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field admin-field-wide">
          <span>{t('content.filters.search')}</span>
          <input className="input" type="search" maxLength={64} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <div className="admin-filter-actions">
          <button className="button button-small" type="submit">
            {t('content.filters.submit')}
          </button>
        </div>
      </form>
      {!canReorder && f.sort === 'order' && <p className="muted content-hint">{t('content.reorderHint')}</p>}
      {(list.isError || reorder.isError) && (
        <p className="admin-error" role="alert">
          {errorText(list.error ?? reorder.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={list.isFetching} aria-labelledby={`content-list-${kind}`}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => (
                  <th key={h.id} scope="col" aria-sort={ariaSort(sortKeyOf(h.column.id))}>
                    {h.isPlaceholder ? null : <table.FlexRender header={h} />}
                  </th>
                ))}
                {canReorder && <th scope="col">{t('content.move')}</th>}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row, i) => (
              <tr key={row.original.id} data-testid={`content-${row.original.id}`} className={String(row.original.id) === openId ? 'admin-row-selected' : undefined}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
                {canReorder && (
                  <td className="admin-actions">
                    <button type="button" className="button button-small" disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)} aria-label={t('content.moveUp', { title: titleOf(row.original, i18n.language) })}>
                      ↑
                    </button>
                    <button type="button" className="button button-small" disabled={i === rows.length - 1 || reorder.isPending} onClick={() => move(i, 1)} aria-label={t('content.moveDown', { title: titleOf(row.original, i18n.language) })}>
                      ↓
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && rows.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('content.empty')}
          </p>
        )}
        {list.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={f.pageNum}
        totalPages={list.data?.totalPages ?? 0}
        total={list.data?.total ?? 0}
        pageSize={f.pageSize}
        onPage={(n) => setF((p) => ({ ...p, pageNum: n }))}
        onSize={(n) => update({ pageSize: n })}
      />
    </div>
  );
}
