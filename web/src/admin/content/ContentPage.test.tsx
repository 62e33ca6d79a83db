import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { ContentPage } from './ContentPage';
import type { ContentItem, ContentOptions } from './contentApi';

// The real editor (tiptap) needs a browser's layout; here a textarea
// stands in with the same label and contract (value in, HTML out).
vi.mock('./RichTextEditor', () => ({
  RichTextEditor: ({ labelId, value, onChange }: { labelId: string; value: string; onChange: (v: string) => void }) => (
    <textarea aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCsrfToken('');
});

const options: ContentOptions = {
  languages: ['KM', 'EN', 'CN'],
  defaultLanguage: 'KM',
  types: { banner: ['w_login', 'web-home'], notice: ['B', 'PL', 'PU', 'PR'], announcement: ['B', 'PL', 'PU', 'PR', 'H'], help: ['about', 'banking', 'faq'] },
  executions: ['A', 'B', 'F'],
  platforms: ['W', 'ALL'],
  linkageTypes: ['NONE', 'ROUTE', 'URL'],
  imageMaxBytes: 2 << 20,
  imageMaxSide: 4096,
};

const item = (id: number, extra: Partial<ContentItem> = {}): ContentItem => ({
  id,
  kind: 'banner',
  slug: `b-${id}`,
  type: 'web-home',
  execution: '',
  platform: 'W',
  linkageType: 'NONE',
  linkage: '',
  image: '',
  imageUrl: '',
  texts: { EN: { title: `Banner ${id}`, content: '' } },
  sort: id,
  startsAt: null,
  endsAt: null,
  createdAt: '2026-11-01T10:00:00Z',
  status: 'live',
  ...extra,
});

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const path = c.url.pathname;
    if (path === '/admin/api/content/options') return { value: options };
    if (c.method === 'GET' && path === '/admin/api/content') {
      const kind = c.url.searchParams.get('kind');
      const rows = kind === 'banner' ? [item(1), item(2), item(3)] : [];
      return { value: { content: rows, pageNum: 1, pageSize: 20, totalPages: rows.length ? 1 : 0, total: rows.length } };
    }
    const m = /^\/admin\/api\/content\/(\d+)$/.exec(path);
    if (m && c.method === 'GET') return { value: item(Number(m[1])) };
    if (c.method === 'POST' && path === '/admin/api/content') {
      const b = c.body as ContentItem;
      return { value: { ...item(50), ...b, id: 50, slug: 'c-50' } };
    }
    if (c.method === 'POST' && path === '/admin/api/content/reorder') return { value: c.body };
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/content');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);
const writer = operator(['content.write']);

// Typing and uploads through user-event are slow on a busy machine.
describe('ContentPage', { timeout: 30_000 }, () => {
  it('lists a kind per tab, and filters, sorts and pages on the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content');
    expect(await screen.findByText('Banner 1')).toBeInTheDocument();
    expect(lastList(calls)).toMatchObject({ kind: 'banner', sort: 'order', dir: 'asc', pageNum: '1', pageSize: '20' });

    await user.click(screen.getByRole('tab', { name: 'sections.content.parts.announcements' }));
    await waitFor(() => expect(lastList(calls).kind).toBe('announcement'));
    expect(await screen.findByText('content.empty')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('content.fields.status'), 'scheduled');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ kind: 'announcement', status: 'scheduled' }));
    await user.selectOptions(screen.getByLabelText('content.filters.language'), 'KM');
    await waitFor(() => expect(lastList(calls).lang).toBe('KM'));
    await user.click(screen.getByRole('button', { name: 'content.fields.title' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'title', dir: 'asc' }));
    await user.click(screen.getByRole('button', { name: /content.fields.title/ }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'title', dir: 'desc' }));
    await user.type(screen.getByLabelText('content.filters.search'), 'bonus{Enter}');
    await waitFor(() => expect(lastList(calls).q).toBe('bonus'));
  });

  it('publishes an announcement in KM with the CSRF token, sending only written languages', async () => {
    const calls = serve();
    setCsrfToken('csrf-1');
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content?kind=announcement');
    await user.click(await screen.findByRole('button', { name: 'content.new.announcement' }));
    const form = await screen.findByRole('form');
    // The merchant's default language (KM) is open first.
    expect(within(form).getByRole('tab', { name: 'KM' })).toHaveAttribute('aria-selected', 'true');
    await user.type(within(form).getByLabelText('content.fields.titleIn'), 'សេចក្តីប្រកាស');
    await user.type(await within(form).findByLabelText('content.fields.contentIn'), '<p>សួស្តី</p>');
    await user.selectOptions(within(form).getByLabelText('content.fields.execution'), 'A');
    await user.click(within(form).getByRole('tab', { name: 'EN' }));
    expect(within(form).getByLabelText('content.fields.titleIn')).toHaveValue('');
    await user.click(within(form).getByRole('button', { name: 'content.save' }));

    await waitFor(() => expect(posts(calls, '/admin/api/content')).toHaveLength(1));
    const sent = posts(calls, '/admin/api/content')[0];
    expect(sent.headers['X-CSRF-Token']).toBe('csrf-1');
    expect(sent.body).toEqual({
      kind: 'announcement',
      type: 'PU',
      execution: 'A',
      platform: 'W',
      linkageType: 'NONE',
      linkage: '',
      image: '',
      texts: { KM: { title: 'សេចក្តីប្រកាស', content: '<p>សួស្តី</p>' } },
      startsAt: null,
      endsAt: null,
    });
    await waitFor(() => expect(screen.getByText('content.saved')).toBeInTheDocument(), { timeout: 5000 });
  });

  it('shows the server refusal with the field it names, and keeps the draft', async () => {
    serve((c) => (c.method === 'POST' && c.url.pathname === '/admin/api/content' ? { status: 422, code: 'admin.content_invalid', message: 'This content is not valid' } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content?kind=help&edit=new');
    const form = await screen.findByRole('form');
    await user.type(within(form).getByLabelText('content.fields.titleIn'), 'FAQ');
    await user.click(within(form).getByRole('button', { name: 'content.save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This content is not valid');
    expect(within(form).getByLabelText('content.fields.titleIn')).toHaveValue('FAQ');
  });

  it("previews the server's sanitized answer, sanitized again, never the editor's HTML", async () => {
    const calls = serve((c) =>
      c.url.pathname === '/admin/api/content/preview'
        ? { value: { language: 'EN', title: 'Only English', content: '<p>ok</p><img src="x" onerror="alert(1)"><script>alert(2)</script>', imageUrl: '' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content?kind=notice&edit=new');
    const form = await screen.findByRole('form');
    await user.click(within(form).getByRole('tab', { name: 'EN' }));
    await user.type(within(form).getByLabelText('content.fields.titleIn'), 'Only English');
    await user.type(await within(form).findByLabelText('content.fields.contentIn'), '<p>ok</p><script>alert(3)</script>');
    await user.selectOptions(within(form).getByLabelText('content.preview.language'), 'KM');
    await user.click(within(form).getByRole('button', { name: 'content.preview.show' }));
    const box = await screen.findByTestId('content-preview');
    expect(posts(calls, '/admin/api/content/preview')[0].body).toMatchObject({ kind: 'notice', language: 'KM', id: 0 });
    expect(within(box).getByText('content.preview.fallback')).toBeInTheDocument();
    expect(within(box).getByText('ok')).toBeInTheDocument();
    expect(box.innerHTML).not.toMatch(/onerror|script/);
  });

  it('uploads a banner image, shows it and saves its file; a refused upload says why', async () => {
    let refuse = false;
    const calls = serve((c) => {
      if (c.url.pathname !== '/admin/api/content/images') return undefined;
      if (refuse) return { status: 422, code: 'admin.image_invalid', message: 'The image must be a PNG or JPEG' };
      return { value: { file: `${'a'.repeat(64)}.png`, url: `/media/images/demo/${'a'.repeat(64)}.png`, contentType: 'image/png', width: 10, height: 5, bytes: 99 } };
    });
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content?edit=new');
    const form = await screen.findByRole('form');
    await user.upload(within(form).getByLabelText('content.image.choose'), new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' }));
    expect(await within(form).findByRole('img', { name: 'content.image.alt' })).toHaveAttribute('src', `/media/images/demo/${'a'.repeat(64)}.png`);
    expect(posts(calls, '/admin/api/content/images')[0].body).toEqual({ data: btoa(String.fromCharCode(137, 80, 78, 71)) });
    await user.type(within(form).getByLabelText('content.fields.titleIn'), 'Welcome');
    await user.click(within(form).getByRole('button', { name: 'content.save' }));
    await waitFor(() => expect(posts(calls, '/admin/api/content')).toHaveLength(1));
    expect(posts(calls, '/admin/api/content')[0].body).toMatchObject({ kind: 'banner', type: 'web-home', image: `${'a'.repeat(64)}.png`, texts: { KM: { title: 'Welcome', content: '' } } });

    // The saved banner is open for editing now.
    refuse = true;
    const saved = await screen.findByRole('form', { name: 'content.editTitle' });
    await user.upload(within(saved).getByLabelText('content.image.choose'), new File(['GIF89a'], 'x.png', { type: 'image/png' }));
    expect(await within(saved).findByText('The image must be a PNG or JPEG')).toBeInTheDocument();
  });

  it('reorders a whole group when it is filtered to one type', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ContentPage />, writer, '/content');
    expect(await screen.findByText('Banner 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'content.moveDown' })).toBeNull();
    expect(screen.getByText('content.reorderHint')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('content.typeLabel.banner'), 'web-home');
    const down = await screen.findAllByRole('button', { name: 'content.moveDown' });
    await user.click(down[0]);
    await waitFor(() => expect(posts(calls, '/admin/api/content/reorder')).toHaveLength(1));
    expect(posts(calls, '/admin/api/content/reorder')[0].body).toEqual({ kind: 'banner', type: 'web-home', ids: [2, 1, 3] });
  });
});
