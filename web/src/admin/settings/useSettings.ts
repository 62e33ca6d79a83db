import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminPut, AdminApiError } from '../lib/api';
import type { Settings, SettingsView } from './types';

export const settingsKey = ['admin', 'settings'];

/** useSettings is the merchant's settings as stored. */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => adminGet<SettingsView>('/admin/api/settings', undefined, signal) });
}

/** useSavePart saves one part (PUT /admin/api/settings/<part>) and puts the
 * settings the server answers into the cache, so every panel shows what is
 * stored now. */
export function useSavePart<B>(part: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminPut<Settings>(`/admin/api/settings/${part}`, body),
    onSuccess: (after) => client.setQueryData<SettingsView>(settingsKey, (prev) => ({ ...after, ipAllow: prev?.ipAllow ?? [] })),
  });
}

/** useSaveIpAllow saves the back office's IP allow-list. */
export function useSaveIpAllow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cidrs: string[]) => adminPut<{ cidrs: string[] }>('/admin/api/merchant/ip-allow', { cidrs }),
    onSuccess: (res) => client.setQueryData<SettingsView>(settingsKey, (prev) => (prev ? { ...prev, ipAllow: res.cidrs } : prev)),
  });
}

/** FieldProblem is the field a refused setting names and why. */
export type FieldProblem = { field: string; reason: string };

/** fieldProblem is the field a failed save names, if it names one. */
export function fieldProblem(err: unknown): FieldProblem | null {
  if (!(err instanceof AdminApiError)) return null;
  const v = err.value as Partial<FieldProblem> | null;
  if (v && typeof v.field === 'string' && v.field !== '') return { field: v.field, reason: typeof v.reason === 'string' ? v.reason : '' };
  return null;
}

/** lines splits a list typed one entry per line (or comma-separated). */
export function lines(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
