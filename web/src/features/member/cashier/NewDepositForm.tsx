import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { checkAmount, feeOf } from './amount';
import { useChannels, useCreateDeposit, type Channel } from './api';
import { cashierErrorText } from './errors';
import { newRequestId, useCashierMoney } from './format';

/** NewDepositForm is the first step: the channels as cards, the amount
 * with the fee and the credited amount previewed, and Confirm. */
export function NewDepositForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const channels = useChannels();
  const [picked, setPicked] = useState<number | null>(null);
  const list = channels.data ?? [];
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;
  if (!channels.data) return <Spinner />;
  if (list.length === 0) return <EmptyState title={t('cashier.noChannels')} />;
  const channel = list.find((c) => c.id === picked) ?? null;
  return (
    <div className="cashier-new">
      <p className="muted">{t('cashier.lead')}</p>
      <fieldset className="cashier-channels">
        <legend>{t('cashier.channel')}</legend>
        {list.map((c) => (
          <ChannelCard key={c.id} channel={c} selected={c.id === picked} onPick={() => setPicked(c.id)} />
        ))}
      </fieldset>
      {/* A new channel starts a new attempt with its own amount. */}
      {channel && <AmountForm key={channel.id} channel={channel} onCreated={onCreated} />}
    </div>
  );
}

function ChannelCard({ channel: c, selected, onPick }: { channel: Channel; selected: boolean; onPick: () => void }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  return (
    <label className="cashier-channel" data-selected={selected || undefined}>
      <input type="radio" name="channel" value={c.id} checked={selected} onChange={onPick} />
      <span className="cashier-kind" data-kind={c.kind}>
        {t(`cashier.kind.${c.kind}`)}
      </span>
      <span className="cashier-channel-name" dir="auto">
        {c.name}
      </span>
      <span className="cashier-channel-meta">
        {t('cashier.limits', { min: money(c.min, c.decimals, c.currency), max: money(c.max, c.decimals, c.currency) })}
      </span>
      <span className="cashier-channel-meta">
        <FeeRule channel={c} />
      </span>
    </label>
  );
}

/** FeeRule says what the channel charges: a percentage, a fixed part,
 * both, or nothing. */
export function FeeRule({ channel: c }: { channel: Pick<Channel, 'feeBps' | 'feeFixed' | 'decimals' | 'currency'> }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  if (c.feeBps === 0 && c.feeFixed === 0) return <>{t('cashier.feeNone')}</>;
  const parts: string[] = [];
  if (c.feeBps) parts.push(`${(c.feeBps / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`);
  if (c.feeFixed) parts.push(money(c.feeFixed, c.decimals, c.currency));
  return <>{t('cashier.feeRule', { fee: parts.join(' + ') })}</>;
}

function AmountForm({ channel: c, onCreated }: { channel: Channel; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const create = useCreateDeposit();
  const [text, setText] = useState('');
  const [shown, setShown] = useState(false);
  // One attempt, one requestId: a double click or a retry after a lost
  // answer asks for the same order again; a changed amount is a new one.
  const requestId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const { minor, problem } = checkAmount(text, c);
  const fee = minor !== null && !problem ? feeOf(minor, c.feeBps, c.feeFixed) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (problem || minor === null || inFlight.current) return;
    requestId.current ??= newRequestId();
    inFlight.current = true;
    try {
      const d = await create.mutateAsync({ channelId: c.id, amount: minor, requestId: requestId.current });
      requestId.current = null;
      onCreated(d.id);
    } catch {
      // Shown from create.error below.
    } finally {
      inFlight.current = false;
    }
  }

  const problemText = problem && shown ? t(`cashier.amountProblem.${problem}`, { min: money(c.min, c.decimals, c.currency), max: money(c.max, c.decimals, c.currency), decimals: c.decimals }) : '';
  return (
    <form className="form cashier-amount" onSubmit={(e) => void submit(e)} noValidate>
      {c.instructions && (
        <div className="cashier-instructions">
          <h3>{t('cashier.instructions')}</h3>
          <p dir="auto">{c.instructions}</p>
        </div>
      )}
      <div className="field">
        <label htmlFor="cashier-amount">{t('cashier.amount', { currency: c.currency })}</label>
        <input
          id="cashier-amount"
          className="input"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            requestId.current = null;
            create.reset();
          }}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={problemText ? 'cashier-amount-problem' : 'cashier-amount-limits'}
        />
        <p id="cashier-amount-limits" className="muted">
          {t('cashier.limits', { min: money(c.min, c.decimals, c.currency), max: money(c.max, c.decimals, c.currency) })}
        </p>
        {problemText && (
          <p id="cashier-amount-problem" className="field-error" role="alert">
            {problemText}
          </p>
        )}
      </div>
      {fee !== null && minor !== null && (
        <dl className="facts cashier-preview" data-testid="cashier-preview">
          <dt>{t('cashier.order.fee')}</dt>
          <dd>{money(fee, c.decimals, c.currency)}</dd>
          <dt>{t('cashier.order.credit')}</dt>
          <dd>{money(minor - fee, c.decimals, c.currency)}</dd>
        </dl>
      )}
      {create.isError && (
        <p className="form-error" role="alert">
          {cashierErrorText(t, create.error)}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {t('cashier.confirm')}
      </button>
    </form>
  );
}
