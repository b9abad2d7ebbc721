import { meDeskEndpoints } from '@arena/contracts/end-user/routes';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, SunMedium } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/errors';
import { PageLoading } from '../MeApp';
import { BigButton, Panel } from '../ui';

/**
 * Check in: a big QR of the signed check-in code (valid 60 s), asked for again every 30 s and
 * whenever it runs out, with a countdown; "Can't scan?" shows the code as text for the desk to type
 * or paste.
 */
export default function CheckIn() {
  const code = useQuery({
    queryKey: ['me', 'check-in'],
    queryFn: () => call(meDeskEndpoints.checkIn),
    refetchInterval: (q) => (q.state.data?.refresh_in ?? 30) * 1000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    gcTime: 0,
  });
  const [now, setNow] = useState(() => Date.now());
  const [showText, setShowText] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = code.data ? Math.max(0, Math.round((Date.parse(code.data.expires_at) - now) / 1000)) : 0;
  const { refetch, isFetching } = code;
  useEffect(() => {
    if (code.data && left === 0 && !isFetching) void refetch();
  }, [code.data, left, isFetching, refetch]);

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Check in</h1>
      {code.isPending ? (
        <PageLoading />
      ) : code.error ? (
        <Alert>{errorMessage(code.error)}</Alert>
      ) : (
        <>
          <Panel className="flex flex-col items-center text-center">
            <p className="text-base font-semibold text-fg">{code.data.full_name}</p>
            <p className="text-sm text-muted tabular">{code.data.member_code}</p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.data.svg)}`}
              alt="Your check-in QR code: show it to the desk scanner"
              data-payload={code.data.payload}
              data-testid="check-in-qr"
              className="mt-3 aspect-square w-full max-w-72 rounded-lg bg-white [image-rendering:pixelated]"
            />
            <p className="mt-3 text-sm text-muted" aria-live="polite">
              {left > 0 ? (
                <>
                  Valid for <span className="font-semibold text-fg tabular">{left} s</span> · refreshes by itself
                </>
              ) : (
                'Getting a fresh code…'
              )}
            </p>
            <BigButton variant="ghost" className="mt-1" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCw size={18} aria-hidden /> Refresh now
            </BigButton>
          </Panel>
          <p className="flex items-start gap-2 text-sm text-muted">
            <SunMedium size={18} className="mt-0.5 shrink-0" aria-hidden />
            Turn your screen brightness up so the scanner reads the code at the first go.
          </p>
          <BigButton variant="secondary" className="w-full" aria-expanded={showText} onClick={() => setShowText((s) => !s)}>
            {showText ? 'Hide the code' : 'Can’t scan? Show code'}
          </BigButton>
          {showText && (
            <Panel title="Check-in code">
              <p className="text-sm text-muted">Read or paste this into the desk’s check-in box. It changes every 30 seconds.</p>
              <code data-testid="check-in-payload" className="mt-2 block rounded-lg bg-subtle p-3 text-sm break-all text-fg select-all">
                {code.data.payload}
              </code>
            </Panel>
          )}
        </>
      )}
    </div>
  );
}
