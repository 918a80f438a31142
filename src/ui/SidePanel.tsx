/**
 * The ruleset's side panel: what the side the page shows may know of its own game record (a card
 * game's hand, deck, card in play and latest draw). Sections and lines come from the ruleset as
 * plain data; this panel only lays them out.
 */

import { useApp } from '../app/store';

export function SidePanel() {
  const sections = useApp((s) => s.sideInfo);
  const sideId = useApp((s) => s.sideInfoSide);
  const view = useApp((s) => s.view);
  if (!sections.length) return null;
  const side = view?.state.sides.find((s) => s.id === sideId);
  return (
    <section className="panel side-info" data-testid="side-info" data-side={sideId ?? ''}>
      <h2>
        {side && <i className="chip" style={{ background: side.colour }} />} {side?.name ?? sideId}
      </h2>
      {sections.map((sec) => (
        <div key={sec.title} className="info-section" data-testid="side-info-section" data-title={sec.title}>
          <div className="group-name">{sec.title}</div>
          <ul>
            {sec.items.map((item, i) => (
              <li key={i} className={`tone-${item.tone ?? 'normal'}`} data-testid="side-info-item">
                <span className="info-label">{item.label}</span>
                {item.detail && <span className="info-detail"> · {item.detail}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
