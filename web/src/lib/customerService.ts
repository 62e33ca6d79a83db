import type { Permission } from '../data/types';
import { openPath } from './crypto';

// openCustomerService opens the merchant's first customer-service channel
// (or the one of csType) in a 440x750 window (spec §2, §9). The window is
// opened at once, inside the click, so pop-up blockers allow it; the
// sealed path is opened while it loads.
export async function openCustomerService(p: Permission, csType?: string): Promise<void> {
  const entry = p.customerService.find((c) => !csType || c.csType === csType);
  if (!entry) return;
  const win = window.open('about:blank', 'customerService', 'width=440,height=750');
  try {
    const url = await openPath(p.customerServiceKey, entry.path);
    if (!/^(https?:|mailto:|tel:)/i.test(url)) throw new Error('unexpected customer-service link');
    if (win) win.location.href = url;
    else window.location.href = url;
  } catch {
    win?.close();
  }
}
