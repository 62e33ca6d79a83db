import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { showMessage } from '../../../lib/popups';
import { useCreateCode, useCreateDownline, useDisableCode, useReferralCodes, type AccountType, type CreatedDownline, type ReferralCode } from '../api';
import { agentErrorText } from '../errors';
import { Table, When } from '../Table';

// RegisterCenter opens accounts below the agent: directly (a username and
// an optional password) or through referral links the agent hands out.
export function RegisterCenter() {
  return (
    <div className="agent-register">
      <NewDownlineForm />
      <ReferralCodes />
    </div>
  );
}

function TypeSelect({ id, value, onChange }: { id: string; value: AccountType; onChange: (v: AccountType) => void }) {
  const { t } = useTranslation();
  return (
    <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value as AccountType)}>
      <option value="member">{t('agent.accountType.member')}</option>
      <option value="agent">{t('agent.accountType.agent')}</option>
    </select>
  );
}

function NewDownlineForm() {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateDownline();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [type, setType] = useState<AccountType>('member');
  const [missing, setMissing] = useState(false);
  const [made, setMade] = useState<CreatedDownline | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMade(null);
    if (!username.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      const x = await create.mutateAsync({ username: username.trim(), password, type, nickname });
      setMade(x);
      setUsername('');
      setPassword('');
      setNickname('');
    } catch {
      // Shown from create.error.
    }
  }

  return (
    <form className="card agent-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('agent.register.title')}</h3>
      <div className="field">
        <label htmlFor={`${id}-user`}>{t('agent.username')}</label>
        <input id={`${id}-user`} className="input" dir="ltr" autoComplete="off" required aria-required value={username} aria-invalid={missing || undefined} onChange={(e) => setUsername(e.target.value)} />
        {missing && (
          <p className="field-error" role="alert">
            {t('agent.usernameRequired')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-pass`}>{t('agent.register.password')}</label>
        <input id={`${id}-pass`} className="input" type="password" dir="ltr" autoComplete="new-password" value={password} aria-describedby={`${id}-pass-hint`} onChange={(e) => setPassword(e.target.value)} />
        <p id={`${id}-pass-hint`} className="field-hint muted">
          {t('agent.register.passwordHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>{t('agent.accountType.label')}</label>
        <TypeSelect id={`${id}-type`} value={type} onChange={setType} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-nick`}>{t('agent.register.nickname')}</label>
        <input id={`${id}-nick`} className="input" autoComplete="off" value={nickname} onChange={(e) => setNickname(e.target.value)} />
      </div>
      {create.isError && (
        <p className="form-error" role="alert">
          {agentErrorText(t, create.error)}
        </p>
      )}
      {made && (
        <p className="form-success" role="status">
          {made.mustChangePassword ? t('agent.register.doneDefault', { username: made.username }) : t('agent.register.done', { username: made.username })}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {t('agent.register.submit')}
      </button>
    </form>
  );
}

// linkOf is the full registration address of a code on this site.
export function linkOf(c: ReferralCode): string {
  return `${window.location.origin}${c.registerPath}`;
}

function ReferralCodes() {
  const { t } = useTranslation();
  const id = useId();
  const q = useReferralCodes();
  const create = useCreateCode();
  const disable = useDisableCode();
  const [type, setType] = useState<AccountType>('member');
  const [code, setCode] = useState('');

  async function copy(c: ReferralCode) {
    try {
      await navigator.clipboard.writeText(linkOf(c));
      showMessage(t('agent.codes.copied'));
    } catch {
      showMessage(t('agent.codes.copyFailed'), { tone: 'warning' });
    }
  }

  return (
    <section className="card agent-codes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('agent.codes.title')}</h3>
      <form
        className="agent-fields"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ type, code }, { onSuccess: () => setCode('') });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('agent.accountType.label')}</label>
          <TypeSelect id={`${id}-type`} value={type} onChange={setType} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('agent.codes.code')}</label>
          <input id={`${id}-code`} className="input" dir="ltr" autoComplete="off" value={code} aria-describedby={`${id}-code-hint`} onChange={(e) => setCode(e.target.value)} />
          <p id={`${id}-code-hint`} className="field-hint muted">
            {t('agent.codes.codeHint')}
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('agent.codes.create')}
        </button>
      </form>
      {create.isError && (
        <p className="form-error" role="alert">
          {agentErrorText(t, create.error)}
        </p>
      )}
      {disable.isError && (
        <p className="form-error" role="alert">
          {agentErrorText(t, disable.error)}
        </p>
      )}
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('agent.codes.empty')} />
      ) : (
        <Table
          caption={t('agent.codes.title')}
          rows={q.data.list}
          rowKey={(c) => c.id}
          columns={[
            { key: 'code', label: t('agent.codes.code'), cell: (c) => <code dir="ltr">{c.code}</code> },
            { key: 'type', label: t('agent.accountType.label'), cell: (c) => t(`agent.accountType.${c.type}`) },
            { key: 'reg', label: t('agent.codes.registrations'), numeric: true, cell: (c) => c.registrations },
            { key: 'created', label: t('agent.createdAt'), cell: (c) => <When ms={c.createdAt} /> },
            {
              key: 'link',
              label: t('agent.codes.link'),
              cell: (c) =>
                c.disabled ? (
                  <span className="muted">{t('agent.codes.disabled')}</span>
                ) : (
                  <span className="agent-link">
                    <span className="agent-link-text" dir="ltr">
                      {linkOf(c)}
                    </span>
                    <button type="button" className="button button-small" aria-label={t('agent.codes.copyLink', { code: c.code })} onClick={() => void copy(c)}>
                      {t('agent.codes.copy')}
                    </button>
                  </span>
                ),
            },
            {
              key: 'actions',
              label: t('agent.actions'),
              cell: (c) =>
                c.disabled ? null : (
                  <button type="button" className="button button-small button-ghost" aria-label={t('agent.codes.disableCode', { code: c.code })} disabled={disable.isPending} onClick={() => disable.mutate(c.id)}>
                    {t('agent.codes.disable')}
                  </button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
