import { useTranslation } from 'react-i18next';
import { PartPanel } from './PartPanel';
import type { ModuleNode } from './types';
import { useDraft } from './useDraft';
import { useSavePart } from './useSettings';

function flatten(tree: ModuleNode[], out: Record<string, boolean> = {}): Record<string, boolean> {
  for (const n of tree) {
    out[n.modId] = n.enabled;
    flatten(n.childrenNodes ?? [], out);
  }
  return out;
}

/** ModulesPanel is the module tree as nested switches; a switch under one
 * that is off stays as set but counts as off (the site reads it so). */
export function ModulesPanel({ modules }: { modules: ModuleNode[] }) {
  const { t } = useTranslation();
  const save = useSavePart<{ switches: { modId: string; enabled: boolean }[] }>('modules');
  const [draft, setDraft, dirty] = useDraft(modules, (m) => flatten(m));
  const onSave = () => save.mutate({ switches: Object.entries(draft).map(([modId, enabled]) => ({ modId, enabled })) });

  const render = (nodes: ModuleNode[], parentOn: boolean) => (
    <ul className="admin-tree">
      {nodes.map((n) => {
        const on = draft[n.modId] ?? false;
        return (
          <li key={n.modId}>
            <label className="admin-inline">
              <input
                type="checkbox"
                role="switch"
                aria-checked={on}
                checked={on}
                onChange={(e) => setDraft({ ...draft, [n.modId]: e.target.checked })}
              />
              <span>{n.name || n.modId}</span>
              <span className="admin-chip">{n.modId}</span>
              {on && !parentOn && <span className="muted">{t('settings.modules.offByParent')}</span>}
            </label>
            {(n.childrenNodes ?? []).length > 0 && render(n.childrenNodes, parentOn && on)}
          </li>
        );
      })}
    </ul>
  );

  return (
    <PartPanel id="modules" title={t('sections.settings.parts.modules')} hint={t('settings.modules.hint')} saving={save} onSave={onSave} dirty={dirty}>
      {render(modules, true)}
    </PartPanel>
  );
}
