/** The help overlay (? or H): every key and mouse action, from the same table the keys work from. */

import { Fragment } from 'react';
import { KEYS, MOUSE_HELP, OTHER_KEYS_HELP, setHelpOpen, useHelp, type KeyHelp } from './HelpKeys';

function Keys({ keys }: { keys: string[] }) {
  // "Shift Tab" and "Shift drag" are held together; other lists are alternatives.
  const together = keys[0] === 'Shift';
  return (
    <span className="help-keys">
      {keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 && <span className="muted">{together ? ' + ' : ' or '}</span>}
          <kbd>{k}</kbd>
        </Fragment>
      ))}
    </span>
  );
}

function Rows({ list, testid }: { list: KeyHelp[]; testid: string }) {
  return (
    <table className="help-table">
      <tbody>
        {list.map((k) => (
          <tr key={k.keys.join('+')} data-testid={testid}>
            <td>
              <Keys keys={k.keys} />
            </td>
            <td>{k.what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HelpOverlay() {
  const open = useHelp((s) => s.open);
  if (!open) return null;
  return (
    <div className="modal-back" onClick={() => setHelpOpen(false)}>
      <div className="modal help" data-testid="help-overlay" role="dialog" aria-label="Keys and mouse" onClick={(e) => e.stopPropagation()}>
        <h2>Keys and mouse</h2>
        <Rows list={[...KEYS, ...OTHER_KEYS_HELP]} testid="help-key" />
        <h3>Mouse</h3>
        <Rows list={MOUSE_HELP} testid="help-mouse" />
        <button data-testid="help-close" onClick={() => setHelpOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}

/** A small button for people who do not guess the ? key. */
export function HelpButton() {
  return (
    <button data-testid="help-button" title="Keys and mouse (? or H)" onClick={() => setHelpOpen(!useHelp.getState().open)}>
      Keys
    </button>
  );
}
