import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';
import type { Banner, HelpSection, Notice, NoticeGroups } from './types';

function useLang(): string {
  return useTranslation().i18n.language;
}

export function useNotices() {
  const lang = useLang();
  return useQuery({ queryKey: ['notices', lang], queryFn: ({ signal }) => get<NoticeGroups>('/wps/system/notice', { platform: 'W' }, signal), staleTime: 300_000 });
}

export function useBanners(group: string) {
  const lang = useLang();
  return useQuery({ queryKey: ['banners', lang, group], queryFn: ({ signal }) => get<Banner[]>('/wps/system/banners', { group }, signal), staleTime: 300_000 });
}

export function useHelpCenter() {
  const lang = useLang();
  return useQuery({ queryKey: ['help', lang], queryFn: ({ signal }) => get<HelpSection[]>('/wps/system/helpCenter', { device: 'WEB' }, signal), staleTime: 300_000 });
}

// useAnnouncements lists the popup announcements for an audience: B for
// visitors, A for logged-in members (spec §4).
export function useAnnouncements(execution: 'A' | 'B' | 'F', enabled: boolean) {
  const lang = useLang();
  return useQuery({
    queryKey: ['announcements', lang, execution],
    queryFn: ({ signal }) => get<Notice[]>('/wps/system/announcements', { platform: 'W', execution }, signal),
    enabled,
    staleTime: 300_000,
  });
}
