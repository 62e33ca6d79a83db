import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPost, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatTime } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import type { Operator, Permission, Role } from '../lib/types';

const operatorsKey = ['admin', 'operators'];
const rolesKey = ['admin', 'roles'];

/** OperatorsPage lists the merchant's operators (create, change role,
 * disable, reset the authenticator) and the roles with their permissions. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const manage = can(me, 'operators.manage');
  return (
    <section className="admin-page" aria-labelledby="page-operators">
      <div className="admin-page-head">
        <h1 id="page-operators">{t('sections.operators.title')}</h1>
        <p className="muted">{t('sections.operators.summary')}</p>
      </div>
      {manage && <OperatorsPanel />}
      <RolesPanel />
    </section>
  );
}

function useRoles() {
  return useQuery({ queryKey: rolesKey, queryFn: () => adminGet<Role[]>('/admin/api/roles') });
}

function OperatorsPanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { me } = useAdminSession();
  const operators = useQuery({ queryKey: operatorsKey, queryFn: () => adminGet<Operator[]>('/admin/api/operators') });
  const roles = useRoles();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: { role?: string; disabled?: boolean } }) => adminPut<unknown>(`/admin/api/operators/${id}`, body),
    onMutate: () => {
      setError('');
      setNotice('');
    },
    onSuccess: () => {
      setNotice(t('operators.saved'));
      return client.invalidateQueries({ queryKey: operatorsKey });
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const resetTotp = useMutation({
    mutationFn: (id: number) => adminPost<unknown>(`/admin/api/operators/${id}/reset-totp`),
    onMutate: () => {
      setError('');
      setNotice('');
    },
    onSuccess: () => {
      setNotice(t('operators.totpReset'));
      return client.invalidateQueries({ queryKey: operatorsKey });
    },
    onError: (err) => setError(errorText(err, t)),
  });

  return (
    <div className="admin-panel">
      <h2>{t('operators.title')}</h2>
      <CreateOperator roles={roles.data ?? []} />
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      {operators.isError && (
        <p className="admin-error" role="alert">
          {errorText(operators.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('operators.username')}</th>
              <th scope="col">{t('operators.merchant')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.status')}</th>
              <th scope="col">{t('operators.totp')}</th>
              <th scope="col">{t('operators.lastLogin')}</th>
              <th scope="col">{t('operators.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(operators.data ?? []).map((op) => {
              const self = op.id === me.id;
              return (
                <tr key={op.id}>
                  <td>{op.username}</td>
                  <td>{op.merchant || t('shell.platform')}</td>
                  <td>
                    <label>
                      <span className="visually-hidden">{t('operators.roleOf', { name: op.username })}</span>
                      <select
                        className="input admin-select"
                        value={op.role}
                        disabled={self || change.isPending}
                        onChange={(e) => change.mutate({ id: op.id, body: { role: e.target.value } })}
                      >
                        {!(roles.data ?? []).some((r) => r.name === op.role) && <option value={op.role}>{op.role}</option>}
                        {(roles.data ?? []).map((r) => (
                          <option key={r.name} value={r.name}>
                            {r.name}
                          </option>
                        ))}
                      </select>
                    </label>
                  </td>
                  <td>
                    <span className={op.disabled ? 'admin-badge admin-badge-off' : 'admin-badge admin-badge-on'}>{op.disabled ? t('operators.disabled') : t('operators.enabled')}</span>
                  </td>
                  <td>{op.totpEnabled ? t('operators.totpOn') : t('operators.totpOff')}</td>
                  <td>{op.lastLoginAt ? formatTime(op.lastLoginAt, i18n.language) : t('operators.never')}</td>
                  <td>
                    <div className="admin-actions">
                    <button
                      type="button"
                      className="button button-small"
                      disabled={self || change.isPending}
                      onClick={() => change.mutate({ id: op.id, body: { disabled: !op.disabled } })}
                    >
                      {op.disabled ? t('operators.enable', { name: op.username }) : t('operators.disable', { name: op.username })}
                    </button>
                    <ConfirmButton
                      label={t('operators.resetTotp', { name: op.username })}
                      confirmLabel={t('operators.confirmResetTotp', { name: op.username })}
                      disabled={!op.totpEnabled || resetTotp.isPending}
                      onConfirm={() => resetTotp.mutate(op.id)}
                    />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {operators.isSuccess && operators.data.length === 0 && (
          <p className="admin-empty-row" role="status">
            {t('operators.none')}
          </p>
        )}
      </div>
    </div>
  );
}

// ConfirmButton asks once more in place before an action that cannot be
// undone from here: the first press arms it, the second acts, Escape or
// leaving disarms it.
function ConfirmButton({ label, confirmLabel, disabled, onConfirm }: { label: string; confirmLabel: string; disabled: boolean; onConfirm: () => void }) {
  const [armed, setArmed] = useState(false);
  return (
    <button
      type="button"
      className={armed ? 'button button-small admin-danger' : 'button button-small'}
      disabled={disabled}
      onBlur={() => setArmed(false)}
      onKeyDown={(e) => e.key === 'Escape' && setArmed(false)}
      onClick={() => {
        if (!armed) return setArmed(true);
        setArmed(false);
        onConfirm();
      }}
    >
      {armed ? confirmLabel : label}
    </button>
  );
}

function CreateOperator({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState('');
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const [error, setError] = useState('');
  const create = useMutation({
    mutationFn: (body: { username: string; role: string }) => adminPost<{ operator: Operator; oneTimePassword: string }>('/admin/api/operators', body),
    onSuccess: (res) => {
      setCreated({ username: res.operator.username, password: res.oneTimePassword });
      setUsername('');
      return client.invalidateQueries({ queryKey: operatorsKey });
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const chosenRole = role || roles[0]?.name || '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setCreated(null);
    create.mutate({ username: username.trim(), role: chosenRole });
  };
  return (
    <>
      <form className="admin-filters" onSubmit={submit} aria-label={t('operators.create')}>
        <label className="admin-field">
          <span>{t('operators.username')}</span>
          <input className="input" name="newUsername" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>{t('operators.role')}</span>
          <select className="input" name="newRole" required value={chosenRole} onChange={(e) => setRole(e.target.value)}>
            {roles.map((r) => (
              <option key={r.name} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-filter-actions">
          <button className="button button-primary button-small" type="submit" disabled={create.isPending || !chosenRole}>
            {t('operators.create')}
          </button>
        </div>
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {created && <OneTimePassword {...created} onDone={() => setCreated(null)} />}
    </>
  );
}

// OneTimePassword shows a new operator's first password once: it lives in
// this component's state only and is gone when dismissed.
function OneTimePassword({ username, password, onDone }: { username: string; password: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const copy = () =>
    navigator.clipboard?.writeText(password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="admin-otp" role="region" aria-label={t('operators.oneTimeTitle')} tabIndex={-1} ref={ref}>
      <p>
        <strong>{t('operators.oneTimeTitle')}</strong> {t('operators.oneTimeText', { name: username })}
      </p>
      <code className="admin-secret" data-testid="one-time-password">
        {password}
      </code>
      <div className="admin-filter-actions">
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {copied ? t('operators.copied') : t('operators.copy')}
        </button>
        <button type="button" className="button button-small" onClick={onDone}>
          {t('operators.done')}
        </button>
      </div>
    </div>
  );
}

function RolesPanel() {
  const { t } = useTranslation();
  const roles = useRoles();
  const permissions = useQuery({ queryKey: ['admin', 'permissions'], queryFn: () => adminGet<Permission[]>('/admin/api/permissions') });
  const describe = (name: string) => permissions.data?.find((p) => p.name === name)?.description ?? '';
  return (
    <div className="admin-panel">
      <h2>{t('roles.title')}</h2>
      {roles.isError && (
        <p className="admin-error" role="alert">
          {errorText(roles.error, t)}
        </p>
      )}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('roles.name')}</th>
              <th scope="col">{t('roles.kind')}</th>
              <th scope="col">{t('roles.permissions')}</th>
            </tr>
          </thead>
          <tbody>
            {(roles.data ?? []).map((r) => (
              <tr key={r.name}>
                <td>{r.name}</td>
                <td>{r.builtIn ? t('roles.builtIn') : t('roles.custom')}</td>
                <td>
                  <ul className="admin-chips">
                    {r.permissions.map((p) => (
                      <li key={p} className="admin-chip" title={describe(p)}>
                        {p}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
