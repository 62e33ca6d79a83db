import { useQuery } from '@tanstack/react-query';
import { adminGet } from '../lib/api';
import type { AdminChannel } from './types';

/** channelsKey is the channels' query, refreshed after an edit. */
export const channelsKey = ['admin', 'cashier', 'channels'];

/** useChannels is the merchant's payment channels, in display order. */
export function useChannels() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: async ({ signal }) => (await adminGet<{ channels: AdminChannel[] }>('/admin/api/cashier/channels', undefined, signal)).channels,
  });
}
