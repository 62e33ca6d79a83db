import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { contractKinds, pendingOffers, standingOf, useConsolidated, type ContractKind } from '../../data/consolidated';
import { useMember } from '../../data/member';
import { useContracts } from './api';
import { ContractCard } from './ContractView';
import './agent.css';

// ContractPopup is the "contract" page identifier (spec §2, F-019/F-020):
// the offers awaiting the member's answer, all kinds together, each with
// its tiers and Sign / Refuse. It is for a logged-in agent only.
export function ContractPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { loggedIn, member } = useMember();
  const q = useConsolidated();
  const kinds = contractKinds.filter((k) => (standingOf(q.data, k)?.offers ?? 0) > 0);
  let body;
  if (!loggedIn || (member && !member.isAgent)) body = <EmptyState title={t('agent.popup.agentsOnly')} />;
  else if (q.isError && !q.data) body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <Spinner />;
  else if (pendingOffers(q.data) === 0) body = <EmptyState title={t('agent.popup.none')} />;
  else body = kinds.map((k) => <KindOffers key={k} kind={k} />);
  return (
    <Dialog title={t('agent.popup.title')} onClose={onClose} className="agent-contract-popup">
      <p className="muted">{t('agent.popup.lead')}</p>
      {body}
    </Dialog>
  );
}

function KindOffers({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const q = useContracts(kind);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const offers = q.data.mine.filter((c) => c.state === 'offered');
  if (offers.length === 0) return null;
  return (
    <section aria-label={t(`agent.kind.${kind}`)}>
      {offers.map((c) => (
        <ContractCard key={c.id} contract={c} side="mine" />
      ))}
    </section>
  );
}
