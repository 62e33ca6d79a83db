import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText';
import { formatAmount } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import { ChannelForm } from './ChannelForm';
import type { AdminChannel } from './types';
import { useChannels } from './useChannels';

/** ChannelsPanel lists the merchant's payment channels; an operator with
 * cashier.channels creates and edits them. */
export function ChannelsPanel() {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const channels = useChannels();
  // editing: null shows the list alone, 'new' the create form, a channel
  // its edit form.
  const [editing, setEditing] = useState<AdminChannel | 'new' | null>(null);
  const [saved, setSaved] = useState('');
  const edit = can(me, 'cashier.channels');
  const amount = (v: string, c: AdminChannel) => `${formatAmount(v, i18n.language)} ${c.currency}`;

  return (
    <div className="admin-panel csh-panel">
      {edit && editing === null && (
        <div className="admin-filter-actions">
          <button
            type="button"
            className="button button-primary button-small"
            onClick={() => {
              setSaved('');
              setEditing('new');
            }}
          >
            {t('cashier.channels.new')}
          </button>
        </div>
      )}
      {saved && (
        <p className="admin-notice" role="status">
          {saved}
        </p>
      )}
      {editing !== null && (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.id}
          channel={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setSaved(text);
          }}
        />
      )}
      {channels.isError && (
        <p className="admin-error" role="alert">
          {errorText(channels.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table csh-table">
          <caption className="visually-hidden">{t('sections.cashier.parts.channels')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cashier.channels.displayOrder')}</th>
              <th scope="col">{t('cashier.channels.code')}</th>
              <th scope="col">{t('cashier.channels.name')}</th>
              <th scope="col">{t('cashier.channels.kind')}</th>
              <th scope="col">{t('cashier.channels.gateway')}</th>
              <th scope="col" className="csh-num">
                {t('cashier.channels.range')}
              </th>
              <th scope="col" className="csh-num">
                {t('cashier.channels.fee')}
              </th>
              <th scope="col" className="csh-num">
                {t('cashier.channels.daily')}
              </th>
              <th scope="col">{t('cashier.channels.vipLevels')}</th>
              <th scope="col">{t('cashier.channels.enabled')}</th>
              {edit && <th scope="col">{t('cashier.deposits.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {(channels.data ?? []).map((c) => (
              <tr key={c.id} data-testid={`channel-${c.code}`}>
                <td>{c.displayOrder}</td>
                <td>
                  <code>{c.code}</code>
                </td>
                <td>{c.name}</td>
                <td>{t(`cashier.kind.${c.kind}`)}</td>
                <td>{t(`cashier.gateway.${c.gateway}`)}</td>
                <td className="csh-num">
                  {amount(c.min, c)} – {amount(c.max, c)}
                </td>
                <td className="csh-num">
                  {c.feeBps} bps + {amount(c.feeFixed, c)}
                </td>
                <td className="csh-num">
                  {c.dailyCount === 0 && /^0*(\.0*)?$/.test(c.dailyAmount) ? t('cashier.channels.noLimit') : t('cashier.channels.dailyShown', { count: c.dailyCount, amount: amount(c.dailyAmount, c) })}
                </td>
                <td>{c.vipLevels.length ? c.vipLevels.join(', ') : t('cashier.channels.allLevels')}</td>
                <td>
                  <span className={c.enabled ? 'admin-badge admin-badge-on' : 'admin-badge admin-badge-off'}>{t(c.enabled ? 'cashier.channels.on' : 'cashier.channels.off')}</span>
                </td>
                {edit && (
                  <td>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t('cashier.channels.editOne', { name: c.name })}
                      onClick={() => {
                        setSaved('');
                        setEditing(c);
                      }}
                    >
                      {t('cashier.channels.edit')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {channels.isSuccess && channels.data.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('cashier.channels.none')}
          </p>
        )}
        {channels.isPending && <p className="admin-empty-row muted">{t('common.loading')}</p>}
      </div>
    </div>
  );
}
