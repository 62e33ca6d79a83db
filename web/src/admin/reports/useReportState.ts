import { useSearchParams } from 'react-router';
import { readReportState, writeReportState, type ReportState } from './reportQuery';

/** useReportState is the report's state from the address and a way to
 * change it; each change is a history entry, so Back undoes it. */
export function useReportState(): [ReportState, (patch: Partial<ReportState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readReportState(params);
  const update = (patch: Partial<ReportState>) => setParams(writeReportState({ ...state, ...patch }));
  return [state, update];
}
