import { adminGet } from '../lib/api';
import { agentsApi, type TreeAnswer } from './types';

/** agentsKey is every answer of the section; a change asks them again. */
export const agentsKey = ['admin', 'agents'];

/** treeKey is every tree answer, asked again after a move. */
export const treeKey = [...agentsKey, 'tree'];

/** TreeTarget is the member a tree call asks for: by exact username, or by id. */
export type TreeTarget = { memberId: number } | { username: string };

/** fetchTree asks the tree call for one member; the move and the new
 * contract use it to turn a typed username into a member id. */
export function fetchTree(target: TreeTarget, signal?: AbortSignal): Promise<TreeAnswer> {
  return adminGet<TreeAnswer>(`${agentsApi}/tree`, target, signal);
}
