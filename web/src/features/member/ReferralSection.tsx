import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { get } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { showMessage } from '../../lib/popups';

type Referral = { referralCode: string; registerPath: string };

// ReferralSection is the member centre's invite-friends page (spec §2
// referral): the member's referral code and the registration link that
// carries it, shown only while the merchant's referral switch is on.
export function ReferralSection() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['referral'], queryFn: ({ signal }) => get<Referral>('/wps/member/referral', undefined, signal) });
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const link = window.location.origin + q.data.registerPath;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      showMessage(t('header.copied'));
    } catch (err) {
      showMessage(errorText(t, err), { tone: 'warning' });
    }
  }

  return (
    <>
      <p className="muted">{t('member.referral.lead')}</p>
      <dl className="facts">
        <dt>{t('member.referral.code')}</dt>
        <dd dir="ltr">{q.data.referralCode}</dd>
        <dt>{t('member.referral.link')}</dt>
        <dd dir="ltr" className="referral-link">
          {link}
        </dd>
      </dl>
      <button type="button" className="button button-primary" onClick={() => void copy()}>
        {t('member.referral.copy')}
      </button>
    </>
  );
}
