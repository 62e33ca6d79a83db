import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { checkRuleField, RuleField } from '../../components/RuleField';
import { Spinner } from '../../components/Spinner';
import type { FieldRule } from '../../data/types';
import { ApiError, get, put } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import './profile.css';

export type ProfileField = { name: string; value: string; editable: boolean; locked: boolean; rule: FieldRule };
export type Profile = {
  fields: ProfileField[];
  mobileNum: string;
  mobileVerified: boolean;
  email: string;
  emailVerified: boolean;
  minimumAge: number;
  changePassword: 'payment' | 'login';
};

export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => get<Profile>('/wps/member/profile', undefined, signal) });
}

/** ProfileSection is the member's profile in the security centre
 * (decision 0034): the labels the merchant asks for, and an edit form of
 * the editable ones, each checked by its register rule. The real name and
 * the date of birth are set once. */
export function ProfileSection() {
  const { t } = useTranslation();
  const q = useProfile();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const p = q.data;
  const editable = p.fields.some((f) => f.editable);
  return (
    <section className="card profile" aria-labelledby="profile-title">
      <h3 id="profile-title">{t('member.profile.title')}</h3>
      <p className="muted">{t('member.profile.lead')}</p>
      {editing ? (
        <ProfileForm
          profile={p}
          onDone={(ok) => {
            setEditing(false);
            setSaved(ok);
          }}
        />
      ) : (
        <>
          <dl className="facts">
            {p.fields.map((f) => (
              <div key={f.name} className="facts-row" data-testid={`profile-${f.name}`}>
                <dt>{t(`form.${f.name}`)}</dt>
                <dd dir={f.rule.type === 'date' ? 'ltr' : undefined}>
                  {f.value || <span className="muted">{t('member.profile.notSet')}</span>}
                  {f.locked && <span className="profile-tag">{t('member.profile.setOnce')}</span>}
                </dd>
              </div>
            ))}
          </dl>
          {saved && (
            <p className="profile-ok" role="status">
              {t('member.profile.saved')}
            </p>
          )}
          {editable && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {t('member.profile.edit')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fields = profile.fields.filter((f) => f.editable);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, f.value])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const changes: Record<string, string> = {};
    const found: Record<string, string> = {};
    for (const f of fields) {
      const v = (values[f.name] ?? '').trim();
      if (v === f.value) continue;
      // Clearing a label that is not required is a change like any other.
      const problem = v === '' && !f.rule.required ? '' : checkRuleField(t, f.name, f.rule, v);
      if (problem) found[f.name] = problem;
      changes[f.name] = v;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(changes).length === 0) {
      onDone(false);
      return;
    }
    setBusy(true);
    try {
      const next = await put<Profile>('/wps/member/profile', changes);
      client.setQueryData(profileKey, next);
      await client.invalidateQueries({ queryKey: ['memberInfo'] });
      onDone(true);
    } catch (err) {
      const field = err instanceof ApiError ? (err.value as { field?: string } | null)?.field : undefined;
      if (field && fields.some((f) => f.name === field)) setErrors({ [field]: errorText(t, err) });
      else setFormError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form profile-form" onSubmit={(e) => void submit(e)} noValidate>
      {fields.map((f) => (
        <RuleField
          key={f.name}
          name={f.name}
          idPrefix="profile"
          rule={f.rule}
          value={values[f.name] ?? ''}
          onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
          error={errors[f.name]}
          disabled={busy}
          hint={f.name === 'birthday' ? t('member.profile.birthdayOnce', { age: profile.minimumAge }) : f.name === 'payeeName' ? t('member.profile.realNameOnce') : undefined}
        />
      ))}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="profile-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('common.loading') : t('member.profile.save')}
        </button>
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => onDone(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
