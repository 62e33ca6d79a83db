import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, pageSizes } from '../components/Pager';
import { withQuery } from '../lib/api';
import { errorText } from '../lib/errorText';
import { SortInput, Switch } from './controls';
import { changeGame, changeGames, fetchGames, fetchVendors, gameTypes, gamesKey, maxBulk, vendorsKey, type AdminGame, type GameChange, type GameQuery } from './gamesApi';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminGame>();
const noRows: AdminGame[] = [];

const firstQuery: GameQuery = { q: '', vendor: '', gameType: '', state: '', hot: '', new: '', sort: 'sort', order: 'asc', pageNum: 1, pageSize: pageSizes[1] };

type Flag = 'enabled' | 'maintenance' | 'hot' | 'new';
const flags: Flag[] = ['enabled', 'maintenance', 'hot', 'new'];

// bulkActions are the changes a selection can take at once.
const bulkActions: { key: string; change: GameChange }[] = [
  { key: 'enable', change: { enabled: true } },
  { key: 'disable', change: { enabled: false } },
  { key: 'maintenanceOn', change: { maintenance: true } },
  { key: 'maintenanceOff', change: { maintenance: false } },
  { key: 'hotOn', change: { hot: true } },
  { key: 'hotOff', change: { hot: false } },
  { key: 'newOn', change: { new: true } },
  { key: 'newOff', change: { new: false } },
];

/** GamesTable is the merchant's games: filtered, sorted and paged on the
 * server, each switch and the display order changed in place, and a page's
 * selection changed at once. */
export function GamesTable() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [query, setQuery] = useState<GameQuery>(firstQuery);
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  // Any new filter, order or page starts a new selection.
  const update = (next: Partial<GameQuery>) => {
    setQuery((q) => ({ ...q, pageNum: 1, ...next }));
    setSelected(new Set());
  };

  const page = useQuery({
    queryKey: [...gamesKey, query],
    queryFn: ({ signal }) => fetchGames(query, signal),
    placeholderData: keepPreviousData,
  });
  const vendors = useQuery({ queryKey: vendorsKey, queryFn: ({ signal }) => fetchVendors(signal) });

  const done = (text: string) => {
    setError('');
    setNotice(text);
  };
  const failed = (err: unknown) => {
    setNotice('');
    setError(errorText(err, t));
  };
  const one = useMutation({
    mutationFn: ({ code, change }: { code: string; change: GameChange }) => changeGame(code, change),
    onSuccess: (g) => done(t('games.saved', { name: g.name })),
    onError: failed,
    onSettled: () => client.invalidateQueries({ queryKey: gamesKey }),
  });
  const bulk = useMutation({
    mutationFn: ({ codes, change }: { codes: string[]; change: GameChange }) => changeGames(codes, change),
    onSuccess: (r) => {
      done(t('games.bulk.done', { count: r.changed }));
      setSelected(new Set());
    },
    onError: failed,
    onSettled: () => client.invalidateQueries({ queryKey: gamesKey }),
  });
  const busy = one.isPending || bulk.isPending;

  const rows = page.data?.content ?? noRows;
  const allSelected = rows.length > 0 && rows.every((g) => selected.has(g.code));
  const toggleRow = (code: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const sortHeader = (key: GameQuery['sort'], label: string) => {
    const active = query.sort === key;
    const next = active && query.order === 'asc' ? 'desc' : 'asc';
    return (
      <button type="button" className="admin-sort" aria-label={t('games.sortBy', { column: label, order: t(`games.order.${next}`) })} onClick={() => update({ sort: key, order: next })}>
        {label} {active && <span aria-hidden="true">{query.order === 'asc' ? '↑' : '↓'}</span>}
      </button>
    );
  };
  const ariaSort = (key: GameQuery['sort']) => (query.sort === key ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: () => (
            <input
              type="checkbox"
              aria-label={t('games.selectPage')}
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((g) => g.code)))}
            />
          ),
          cell: (c) => (
            <input type="checkbox" aria-label={t('games.select', { name: c.row.original.name })} checked={selected.has(c.row.original.code)} onChange={() => toggleRow(c.row.original.code)} />
          ),
        }),
        helper.accessor('code', { header: () => sortHeader('code', t('games.fields.code')) }),
        helper.accessor('name', {
          header: () => sortHeader('name', t('games.fields.name')),
          cell: (c) => (
            <span className="admin-value" title={c.getValue()}>
              {c.getValue()}
            </span>
          ),
        }),
        helper.accessor('vendor', {
          header: () => t('games.fields.vendor'),
          cell: (c) => (
            <>
              {c.getValue()}
              {!c.row.original.vendorEnabled && <span className="admin-badge admin-badge-off games-note">{t('games.vendorOff')}</span>}
              {c.row.original.vendorMaintenance && <span className="admin-badge admin-badge-off games-note">{t('games.vendorMaintenance')}</span>}
            </>
          ),
        }),
        helper.accessor('gameType', { header: () => t('games.fields.gameType'), cell: (c) => t(`games.types.${c.getValue()}`) }),
        ...flags.map((flag) =>
          helper.display({
            id: flag,
            header: () => t(`games.fields.${flag}`),
            cell: (c) => {
              const g = c.row.original;
              return (
                <Switch
                  checked={g[flag]}
                  label={t(`games.switch.${flag}`, { name: g.name })}
                  disabled={busy}
                  testId={`${flag}-${g.code}`}
                  onChange={(v) => one.mutate({ code: g.code, change: { [flag]: v } })}
                />
              );
            },
          }),
        ),
        helper.accessor('sort', {
          header: () => sortHeader('sort', t('games.fields.sort')),
          cell: (c) => (
            <SortInput value={c.getValue()} label={t('games.sortOf', { name: c.row.original.name })} disabled={busy} onSave={(n) => one.mutate({ code: c.row.original.code, change: { sort: n } })} />
          ),
        }),
        helper.accessor('popularity', { header: () => sortHeader('popularity', t('games.fields.popularity')) }),
      ]),
    // The headers and cells read the query, the selection and the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, query, selected, rows, busy],
  );
  const table = useTable({ features, columns, data: rows });

  // The export takes the same filters and order, every page of them.
  const { pageNum: _page, pageSize: _size, ...filters } = query;
  const csv = withQuery('/admin/api/games.csv', filters);

  const search = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim() });
  };
  const pick = (name: keyof GameQuery) => (e: { target: { value: string } }) => update({ [name]: e.target.value } as Partial<GameQuery>);

  return (
    <div className="admin-panel">
      <form className="admin-filters" role="search" aria-label={t('games.filters')} onSubmit={search}>
        <label className="admin-field admin-field-wide">
          <span>{t('games.search')}</span>
          <input className="input" type="search" name="q" maxLength={64} autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>{t('games.fields.vendor')}</span>
          <select className="input admin-select" value={query.vendor} onChange={pick('vendor')}>
            <option value="">{t('games.all')}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.code} value={v.code}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('games.fields.gameType')}</span>
          <select className="input admin-select" value={query.gameType} onChange={pick('gameType')}>
            <option value="">{t('games.all')}</option>
            {gameTypes.map((g) => (
              <option key={g} value={g}>
                {t(`games.types.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>{t('games.state.label')}</span>
          <select className="input admin-select" value={query.state} onChange={pick('state')}>
            <option value="">{t('games.all')}</option>
            {(['enabled', 'disabled', 'maintenance'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`games.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {(['hot', 'new'] as const).map((f) => (
          <label className="admin-field" key={f}>
            <span>{t(`games.fields.${f}`)}</span>
            <select className="input admin-select" value={query[f]} onChange={pick(f)}>
              <option value="">{t('games.all')}</option>
              <option value="true">{t('games.yes')}</option>
              <option value="false">{t('games.no')}</option>
            </select>
          </label>
        ))}
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit">
            {t('games.searchSubmit')}
          </button>
          <a className="button button-small" href={csv} download>
            {t('games.exportCsv')}
          </a>
        </div>
      </form>

      <div className="admin-actions games-bulk" role="group" aria-label={t('games.bulk.label')}>
        <span data-testid="games-selected">{t('games.bulk.selected', { count: selected.size, max: maxBulk })}</span>
        {bulkActions.map((a) => (
          <button key={a.key} type="button" className="button button-small" disabled={!selected.size || busy} onClick={() => bulk.mutate({ codes: [...selected], change: a.change })}>
            {t(`games.bulk.${a.key}`)}
          </button>
        ))}
      </div>
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {(error || page.isError) && (
        <p className="admin-error" role="alert">
          {error || errorText(page.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table games-table" aria-busy={page.isFetching} aria-label={t('sections.games.parts.games')}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" aria-sort={ariaSort(header.id as GameQuery['sort'])}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.original.code} data-testid={`game-${row.original.code}`} className={selected.has(row.original.code) ? 'admin-row-selected' : undefined}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && !rows.length && (
          <p className="admin-empty-row" role="status">
            {t('games.none')}
          </p>
        )}
        {page.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
      <Pager
        pageNum={query.pageNum}
        totalPages={page.data?.totalPages ?? 0}
        total={page.data?.total ?? 0}
        pageSize={query.pageSize}
        onPage={(n) => update({ pageNum: n })}
        onSize={(n) => update({ pageSize: n })}
      />
    </div>
  );
}
