import { createContext, useContext } from 'react';
import type { Permission } from './types';

// The permission answer is loaded once before the app renders (spec §2
// Startup) and read everywhere through this context.
export const PermissionContext = createContext<Permission | null>(null);

export function usePermission(): Permission {
  const p = useContext(PermissionContext);
  if (!p) throw new Error('usePermission outside the startup gate');
  return p;
}
