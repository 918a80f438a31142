/**
 * The army builder: the list's items by group with their sizes, points and limits on the left, the
 * army as bought on the right with its running total against the budget, and everything the
 * rulebook finds wrong with it (worked out in the worker, so the page holds no army-list rules).
 */

import { Fragment, useEffect, useState } from 'react';
import type { ArmyRoster } from '../core/model';
import type { ArmyArrival, ArmyCheck, ArmyListInfo, ArmyListItem } from '../core/ruleset';
import { checkArmy } from '../app/store';
import { addUnit, itemCount, pickPoints, rosterPoints, setArrival, setCount, setStands, setStatus } from '../app/newGame';

/** Wait this long (ms) after the last change before asking the worker to check the army. */
const CHECK_DELAY_MS = 120;

/**
 * The worker's verdict on a roster, refreshed after each change. `current` is false while the
 * latest change is being checked; `check` is then the last verdict (null before the first).
 */
export function useArmyCheck(rulesetId: string, roster: ArmyRoster | null, points: number | null): { check: ArmyCheck | null; current: boolean } {
  const [result, setResult] = useState<{ key: string; check: ArmyCheck } | null>(null);
  const key = JSON.stringify([rulesetId, roster, points]);
  useEffect(() => {
    if (!roster || points === null) return;
    let live = true;
    const timer = setTimeout(() => {
      checkArmy(rulesetId, roster, points)
        .then((check) => {
          if (live) setResult({ key, check });
        })
        .catch((e: unknown) => {
          if (live) setResult({ key, check: { points: 0, budget: 0, lines: [], problems: [e instanceof Error ? e.message : String(e)] } });
        });
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The key stands for the roster and points: a new object with the same picks needs no new check.
  }, [key]);
  return { check: result?.check ?? null, current: result?.key === key };
}

function sizeWords(item: ArmyListItem): string {
  const sizes = item.sizes;
  if (sizes.length === 1) {
    const only = sizes[0]!;
    return only.stands === null ? `${only.points} pts` : `${only.stands} stand${only.stands === 1 ? '' : 's'} · ${only.points} pts`;
  }
  const usual = sizes.find((s) => s.stands === item.usual) ?? sizes[0]!;
  return `${usual.stands} stands · ${usual.points} pts (${sizes[0]!.stands}–${sizes[sizes.length - 1]!.stands})`;
}

const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

function signed(points: number): string {
  return points === 0 ? '±0' : points > 0 ? `+${points}` : `−${-points}`;
}

/** A pick's second line: the status it is bought at, and whether it starts on the table or comes on later. */
function PickMarks({ item, arrivals, pick, side, index, onStatus, onArrival }: {
  item: ArmyListItem;
  arrivals: ArmyArrival[];
  pick: ArmyRoster['picks'][number];
  side: number;
  index: number;
  onStatus(status: string | undefined): void;
  onArrival(arrival: ArmyArrival | undefined, turn?: number): void;
}) {
  const arrival = arrivals.find((a) => a.id === pick.arrival);
  const id = `ab-${side}-pick-${index}`;
  const turns: number[] = [];
  if (arrival) for (let t = arrival.earliest; t <= arrival.latest; t++) turns.push(t);
  return (
    <div className="ab-marks">
      {item.statuses ? (
        <label>
          Status{' '}
          <select aria-label={`${item.name}: status`} data-testid={`${id}-status`} value={pick.status ?? ''} onChange={(e) => onStatus(e.target.value || undefined)}>
            <option value="">{item.detail} (as listed)</option>
            {item.statuses.map((st) => (
              <option key={st.id} value={st.id}>
                {st.name} ({signed(st.points)} pts a unit)
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {item.offTable && arrivals.length > 0 ? (
        <label>
          Comes on{' '}
          <select
            aria-label={`${item.name}: comes on`}
            data-testid={`${id}-arrival`}
            value={pick.arrival ?? ''}
            onChange={(e) => onArrival(arrivals.find((a) => a.id === e.target.value))}
          >
            <option value="">at the start, deployed</option>
            {arrivals.map((a) => (
              <option key={a.id} value={a.id}>
                later: {a.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {arrival ? (
        <label>
          dice from the{' '}
          <select aria-label={`${item.name}: planned ${arrival.turnWord}`} data-testid={`${id}-turn`} value={pick.arrivalTurn ?? arrival.earliest} onChange={(e) => onArrival(arrival, Number(e.target.value))}>
            {turns.map((t) => (
              <option key={t} value={t}>
                {ordinal(t)} {arrival.turnWord}
              </option>
            ))}
          </select>
          <span className="muted" title={arrival.points}>
            {' '}
            ({arrival.points})
          </span>
        </label>
      ) : null}
    </div>
  );
}

function groupsOf(list: ArmyListInfo): [string, ArmyListItem[]][] {
  const groups = new Map<string, ArmyListItem[]>();
  for (const item of list.items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups];
}

export function ArmyBuilder({
  list,
  roster,
  points,
  side,
  check,
  current,
  onChange,
  agreed = points,
}: {
  list: ArmyListInfo;
  roster: ArmyRoster;
  /** The points this army is bought with: the agreed total, or an allied army's share of it. */
  points: number;
  /** The agreed total, when this army is bought with a share of it. */
  agreed?: number;
  /** Index of the side, for test ids. */
  side: number;
  /** The worker's verdict (useArmyCheck), and whether it is for this roster. */
  check: ArmyCheck | null;
  current: boolean;
  onChange(roster: ArmyRoster): void;
}) {
  // The worker's prices (bought statuses and off-table marks included) once it has checked this roster.
  const total = check && current ? check.points : rosterPoints(list, roster);
  const budget = check?.budget ?? null;
  const over = budget !== null && total > budget;
  const fill = budget ? Math.min(1, total / budget) : 0;
  return (
    <div className="army-builder" data-testid={`ab-${side}`}>
      <div className="ab-list">
        <div className="ab-heading">The {list.name} list</div>
        {groupsOf(list).map(([group, items]) => (
          <div key={group} className="ab-group">
            <div className="ab-group-name">{group}</div>
            {items.map((item) => {
              const n = itemCount(roster, item.id);
              return (
                <div key={item.id} className="ab-item">
                  <div className="ab-item-text">
                    <div className="ab-item-name">
                      {item.name}
                      {n > 0 && <span className="ab-badge">{n}</span>}
                    </div>
                    <div className="ab-item-detail">
                      {item.detail} · {sizeWords(item)}
                      {item.limit ? <span className="ab-limit"> · {item.limit}</span> : null}
                    </div>
                  </div>
                  <button className="ab-add" data-testid={`ab-${side}-add-${item.id}`} title={`Add one ${item.name}`} onClick={() => onChange(addUnit(roster, item))}>
                    +
                  </button>
                </div>
              );
            })}
          </div>
        ))}
        {list.notes.length > 0 && (
          <ul className="ab-notes">
            {list.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="ab-roster">
        <div className="ab-heading">Your army</div>
        <div className={`ab-total${over ? ' over' : ''}`} data-testid={`ab-${side}-total`}>
          <span>
            <b>{total}</b> of {budget ?? '…'} points
          </span>
          <span className="muted">
            agreed total {agreed}
            {agreed !== points ? `, this army's share ${points}` : ''}
            {budget !== null && budget !== points ? `, budget ${budget}` : ''}
          </span>
        </div>
        <div className="ab-bar">
          <i style={{ width: `${fill * 100}%` }} className={over ? 'over' : ''} />
        </div>
        {roster.picks.length === 0 ? (
          <p className="muted ab-empty">Nothing bought yet: add units and Generals from the list.</p>
        ) : (
          <table className="ab-picks">
            <tbody>
              {roster.picks.map((pick, i) => {
                const item = list.items.find((x) => x.id === pick.item);
                const checked = current ? check?.pickPoints?.[i] : undefined;
                const each = checked !== undefined ? checked : item ? pickPoints(item, pick.stands) : null;
                const marks = item && (item.statuses || (item.offTable && list.arrivals?.length));
                return (
                  <Fragment key={`${pick.item}/${pick.stands ?? '-'}/${pick.status ?? ''}/${pick.arrival ?? ''}/${pick.arrivalTurn ?? ''}`}>
                  <tr data-testid={`ab-${side}-pick-${i}`} className={marks ? 'ab-has-marks' : undefined}>
                    <td className="ab-pick-name">{item?.name ?? pick.item}</td>
                    <td>
                      {item && item.sizes.length > 1 ? (
                        <select
                          aria-label={`${item.name}: stands a unit`}
                          data-testid={`ab-${side}-pick-${i}-stands`}
                          value={pick.stands}
                          onChange={(e) => onChange(setStands(roster, i, Number(e.target.value)))}
                        >
                          {item.sizes.map((s) => (
                            <option key={s.stands} value={s.stands ?? ''}>
                              {s.stands} stands
                            </option>
                          ))}
                        </select>
                      ) : (
                        <span className="muted">{item?.sizes[0]?.stands === null || !item ? '' : `${item.sizes[0]!.stands} stand${item.sizes[0]!.stands === 1 ? '' : 's'}`}</span>
                      )}
                    </td>
                    <td className="ab-count">
                      <button aria-label="one fewer" data-testid={`ab-${side}-pick-${i}-less`} onClick={() => onChange(setCount(roster, i, pick.count - 1))}>
                        −
                      </button>
                      <b data-testid={`ab-${side}-pick-${i}-count`}>{pick.count}</b>
                      <button aria-label="one more" data-testid={`ab-${side}-pick-${i}-more`} onClick={() => onChange(setCount(roster, i, pick.count + 1))}>
                        +
                      </button>
                    </td>
                    <td className="ab-points" data-testid={`ab-${side}-pick-${i}-points`}>{each === null ? '?' : each * pick.count} pts</td>
                  </tr>
                  {marks ? (
                    <tr className="ab-marks-row">
                      <td colSpan={4}>
                        <PickMarks
                          item={item}
                          arrivals={list.arrivals ?? []}
                          pick={pick}
                          side={side}
                          index={i}
                          onStatus={(st) => onChange(setStatus(roster, i, st))}
                          onArrival={(a, turn) => onChange(setArrival(roster, i, a, turn))}
                        />
                      </td>
                    </tr>
                  ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
        <div className={`ab-check${current ? '' : ' stale'}`} data-testid={`ab-${side}-check`}>
          {!check ? (
            <span className="muted">Checking the army…</span>
          ) : check.problems.length === 0 && current ? (
            <span className="ok" data-testid={`ab-${side}-ready`}>
              ✓ The army may take the field.
            </span>
          ) : check.problems.length === 0 ? (
            <span className="muted">Checking the army…</span>
          ) : (
            <ul className="ab-problems" data-testid={`ab-${side}-problems`}>
              {check.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="ab-actions">
          <button data-testid={`ab-${side}-clear`} disabled={roster.picks.length === 0} onClick={() => onChange({ ...roster, picks: [] })}>
            Clear the army
          </button>
        </div>
      </div>
    </div>
  );
}
