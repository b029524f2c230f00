import { STATS_INTERVALS } from '@shop/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { Overview } from '../../features/admin-overview/components/overview';
import { DEFAULT_PRESET, isPreset, type OverviewView } from '../../features/admin-overview/period';

/**
 * ?range=7d|90d|12m (none: the last 30 days), or ?from=&to= as given (the API says what is wrong
 * with a bad period), and ?interval=week (none: by day).
 */
function viewOf(params: URLSearchParams): OverviewView {
  const interval = STATS_INTERVALS.find((known) => known === params.get('interval')) ?? 'day';
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null)
    return { preset: null, from: from ?? '', to: to ?? '', interval };
  const range = params.get('range');
  return { preset: isPreset(range) ? range : DEFAULT_PRESET, interval };
}

function paramsOf(view: OverviewView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.preset === null) {
    params.set('from', view.from);
    params.set('to', view.to);
  } else if (view.preset !== DEFAULT_PRESET) {
    params.set('range', view.preset);
  }
  if (view.interval !== 'day') params.set('interval', view.interval);
  return params;
}

/** Overview (admin, issue 16): the period lives in the URL, so a reload or a link shows the same. */
export default function OverviewPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Overview
      view={viewOf(searchParams)}
      onViewChange={(view) => setSearchParams(paramsOf(view))}
      onOpen={(href) => void navigate(href)}
    />
  );
}
