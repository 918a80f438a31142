/**
 * The page's side of a deployment step: which unit is being dragged onto the table, and the orders
 * that put a unit down, turn it or change its formation. Everything the rules decide (zones,
 * overlaps, who may place what) comes from the legal `deploy` actions and the engine's answers; this
 * file only fills in where, which way and in what formation.
 */

import { create } from 'zustand';
import { DEPLOY_ACTION } from '../core/deployment';
import type { Vec2 } from '../core/geometry';
import type { ActionParam, LegalAction } from '../core/ruleset';
import { submit, useApp } from '../app/store';

export interface DeployDrag {
  unit: string;
  legal: LegalAction;
  /** Where the unit would go now (table mm), while the pointer is over the table. */
  at: Vec2 | null;
  /** Where the press was on the screen (px), to tell a click from a drag. */
  screen: { x: number; y: number };
  /** Picked up from the table (a click there only selects it) rather than from the list. */
  fromTable: boolean;
}

interface DeployUiState {
  drag: DeployDrag | null;
  /** The last side that was shown its own deployment in hot seat (the screen is handed over between plans). */
  shownTo: string | null;
}

export const useDeploy = create<DeployUiState>(() => ({ drag: null, shownTo: null }));

/** The legal deploy action for a unit, if it may be put down (or moved) now. */
export function deployLegalFor(unit: string, legal: LegalAction[] = useApp.getState().legal): LegalAction | undefined {
  return legal.find((l) => l.action.type === DEPLOY_ACTION && l.unit === unit);
}

export function deploying(legal: LegalAction[]): boolean {
  return legal.some((l) => l.action.type === DEPLOY_ACTION);
}

/**
 * Pick a unit up to drag it: from the list (its Colour Stand goes where it is dropped), or from the
 * table (it keeps its offset from the pointer, worked out by the scene).
 */
export function startDeployDrag(unit: string, screen: { x: number; y: number }, fromTable = false): boolean {
  const legal = deployLegalFor(unit);
  if (!legal || useApp.getState().busy) return false;
  useDeploy.setState({ drag: { unit, legal, at: null, screen, fromTable } });
  useApp.setState({ selected: unit, pending: null });
  return true;
}

export function moveDeployDrag(at: Vec2 | null): void {
  const drag = useDeploy.getState().drag;
  if (drag) useDeploy.setState({ drag: { ...drag, at } });
}

export function cancelDeployDrag(message?: string): void {
  useDeploy.setState({ drag: null });
  if (message) useApp.setState({ message: { kind: 'error', text: message } });
}

function choiceParam(legal: LegalAction, name: string): Extract<ActionParam, { kind: 'choice' }> | undefined {
  return legal.params.find((p): p is Extract<ActionParam, { kind: 'choice' }> => p.kind === 'choice' && p.name === name);
}

/** The unit's facing and formation as it stands (or waits): kept when it is dropped somewhere else. */
function currentPose(unit: string): { facing: number; formation: string | undefined } {
  const u = useApp.getState().view?.state.units.find((x) => x.id === unit);
  return { facing: u?.facing ?? 0, formation: u?.formation };
}

/** Put a unit down at a point, facing and in a formation (its present ones unless given). */
export async function placeUnit(legal: LegalAction, at: Vec2, change: { facing?: number; formation?: string } = {}): Promise<void> {
  const unit = String(legal.unit);
  const now = currentPose(unit);
  const formations = choiceParam(legal, 'formation');
  const formation = change.formation ?? (formations?.choices.some((c) => c.value === now.formation) ? now.formation : formations?.choices[0]?.value);
  await submit({ ...legal.action, at: { x: at.x, y: at.y }, facing: change.facing ?? now.facing, ...(formations && formation ? { formation } : {}) }, legal.label);
}

/** The drop at the end of a drag: on the table at `at`, or off it (null). */
export async function dropDeployDrag(at: Vec2 | null): Promise<void> {
  const drag = useDeploy.getState().drag;
  if (!drag) return;
  useDeploy.setState({ drag: null });
  if (!at) {
    cancelDeployDrag(`${drag.legal.label}: drop the unit on the table, inside the shaded deployment zone.`);
    return;
  }
  await placeUnit(drag.legal, at);
}

/** Turn a unit already on the table where it stands. */
export async function turnUnit(unit: string, by: number): Promise<void> {
  const legal = deployLegalFor(unit);
  const u = useApp.getState().view?.state.units.find((x) => x.id === unit);
  if (!legal || !u || u.carriedBy) return;
  await placeUnit(legal, { x: u.x, y: u.y }, { facing: u.facing + by });
}

/** Change the formation of a unit already on the table, where it stands. */
export async function reformUnit(unit: string, formation: string): Promise<void> {
  const legal = deployLegalFor(unit);
  const u = useApp.getState().view?.state.units.find((x) => x.id === unit);
  if (!legal || !u || u.carriedBy) return;
  await placeUnit(legal, { x: u.x, y: u.y }, { formation });
}

export function formationChoices(legal: LegalAction | undefined): { value: string; label: string }[] {
  return legal ? (choiceParam(legal, 'formation')?.choices ?? []) : [];
}
