/**
 * Toasts for the moments not to miss: a unit routs or is destroyed, a general falls, an army nears
 * its break point. The facts and words come from the ruleset through the worker (`GameAlert`); the
 * page only shows them for a while. Clicking a toast looks at the unit it names.
 */

import { useEffect } from 'react';
import { dismissAlert, useApp, type AlertToast } from '../app/store';
import { aimCamera } from '../scene/CameraRig';

/** How long a toast stays up, ms; a demonstration's audience reads from further away. */
const TOAST_MS = 7000;
/** At most this many toasts at once; older ones make way. */
const MAX_TOASTS = 5;

const TITLES: Record<AlertToast['kind'], string> = {
  rout: 'Rout',
  destroyed: 'Unit lost',
  general: 'General fallen',
  break: 'Near breaking',
};

function Toast({ alert }: { alert: AlertToast }) {
  const side = useApp((s) => s.view?.state.sides.find((x) => x.id === alert.side));
  useEffect(() => {
    const t = setTimeout(() => dismissAlert(alert.id), Math.max(0, alert.at + TOAST_MS - Date.now()));
    return () => clearTimeout(t);
  }, [alert]);
  return (
    <div
      className={`toast toast-${alert.kind}`}
      data-testid="alert"
      data-kind={alert.kind}
      role="status"
      onClick={() => {
        if (alert.unit) aimCamera({ kind: 'unit', id: alert.unit });
      }}
    >
      <div className="toast-title">
        {side && <i className="chip" style={{ background: side.colour }} />} {TITLES[alert.kind]}
        <button
          className="link"
          aria-label="dismiss"
          onClick={(e) => {
            e.stopPropagation();
            dismissAlert(alert.id);
          }}
        >
          ×
        </button>
      </div>
      <div>{alert.text}</div>
    </div>
  );
}

export function AlertToasts() {
  const alerts = useApp((s) => s.alerts);
  if (!alerts.length) return null;
  return (
    <div className="toasts" data-testid="alerts">
      {alerts.slice(-MAX_TOASTS).map((a) => (
        <Toast key={a.id} alert={a} />
      ))}
    </div>
  );
}
