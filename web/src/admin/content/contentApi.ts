import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDelete, adminGet, adminPost, adminPut } from '../lib/api';
import type { Page } from '../lib/types';

// The Content screen's side of /admin/api/content (decision 0024).

/** Kind is what an item is; each has its own tab. */
export type Kind = 'banner' | 'notice' | 'announcement' | 'help';

/** kinds in the order of the tabs, with the section part that names each. */
export const kinds: { kind: Kind; part: string }[] = [
  { kind: 'banner', part: 'banners' },
  { kind: 'notice', part: 'notices' },
  { kind: 'announcement', part: 'announcements' },
  { kind: 'help', part: 'help' },
];

/** ContentText is one language's title and (sanitized) HTML. */
export type ContentText = { title: string; content: string };

/** ContentStatus is where an item stands against its schedule. */
export type ContentStatus = 'live' | 'scheduled' | 'ended';

/** ContentItem is an item as the server keeps it. */
export type ContentItem = {
  id: number;
  kind: Kind;
  slug: string;
  type: string;
  execution: string;
  platform: string;
  linkageType: string;
  linkage: string;
  image: string;
  imageUrl: string;
  texts: Record<string, ContentText>;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  status: ContentStatus;
};

/** ContentChange is what the editor sends. */
export type ContentChange = {
  type: string;
  execution: string;
  platform: string;
  linkageType: string;
  linkage: string;
  image: string;
  texts: Record<string, ContentText>;
  startsAt: string | null;
  endsAt: string | null;
};

/** ContentOptions are the editor's choices for the operator's merchant. */
export type ContentOptions = {
  languages: string[];
  defaultLanguage: string;
  types: Record<Kind, string[]>;
  executions: string[];
  platforms: string[];
  linkageTypes: string[];
  imageMaxBytes: number;
  imageMaxSide: number;
};

/** UploadedImage is a stored banner image. */
export type UploadedImage = { file: string; url: string; contentType: string; width: number; height: number; bytes: number };

/** Preview is a draft as a player reading one language sees it. */
export type Preview = { language: string; title: string; content: string; imageUrl: string };

/** ListQuery is the table's filters, order and page. */
export type ListQuery = {
  kind: Kind;
  type: string;
  lang: string;
  status: string;
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
};

const contentKey = ['admin', 'content'];

/** useContentOptions loads the editor's choices once. */
export function useContentOptions() {
  return useQuery({
    queryKey: [...contentKey, 'options'],
    queryFn: ({ signal }) => adminGet<ContentOptions>('/admin/api/content/options', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** useContentList is one server page of a kind's items. */
export function useContentList(q: ListQuery) {
  return useQuery({
    queryKey: [...contentKey, 'list', q],
    queryFn: ({ signal }) => adminGet<Page<ContentItem>>('/admin/api/content', { ...q }, signal),
    placeholderData: keepPreviousData,
  });
}

/** useContentItem is one item, fresh from the server. */
export function useContentItem(id: number | null) {
  return useQuery({
    queryKey: [...contentKey, 'item', id],
    queryFn: ({ signal }) => adminGet<ContentItem>(`/admin/api/content/${id}`, undefined, signal),
    enabled: id !== null,
  });
}

/** useContentSave creates (id null) or changes an item. */
export function useContentSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, change }: { id: number | null; kind: Kind; change: ContentChange }) =>
      id === null ? adminPost<ContentItem>('/admin/api/content', { kind, ...change }) : adminPut<ContentItem>(`/admin/api/content/${id}`, change),
    onSuccess: (item) => {
      client.setQueryData([...contentKey, 'item', item.id], item);
      void client.invalidateQueries({ queryKey: [...contentKey, 'list'] });
    },
  });
}

/** useContentDelete deletes an item. */
export function useContentDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminDelete<{ id: number }>(`/admin/api/content/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [...contentKey, 'list'] }),
  });
}

/** useContentReorder sets the order of one group. */
export function useContentReorder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: Kind; type: string; ids: number[] }) => adminPost<{ ids: number[] }>('/admin/api/content/reorder', body),
    onSettled: () => client.invalidateQueries({ queryKey: [...contentKey, 'list'] }),
  });
}

/** uploadImage sends a file's bytes as base64; the server decides what it is. */
export async function uploadImage(file: Blob): Promise<UploadedImage> {
  const data = await readBase64(file);
  return adminPost<UploadedImage>('/admin/api/content/images', { data });
}

function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** previewContent asks the server how a draft reads in language. */
export function previewContent(body: { kind: Kind; language: string; id: number } & ContentChange): Promise<Preview> {
  return adminPost<Preview>('/admin/api/content/preview', body);
}
