/**
 * What the page shows of a Horse & Musket game besides the units: the side panel (the hand, the
 * deck, the card in play, the latest draw) and the shapes drawn on the table (cavalry threat zones,
 * a General's leadership range, the selected unit's Attack range, a gun's arc and ranges, the arcs a
 * wheel sweeps). Plain data for the generic UI and scene, which know nothing of this rulebook.
 */

import { seatById } from '../../core/seats';
import { seatHand } from './seats';
import type { SideId } from '../../core/model';
import { sideName } from '../../core/model';
import { inch } from '../../core/measure';
import { direction, frontCentre, fromLocal, rotate, type Vec2 } from '../../core/geometry';
import type { Overlay, SideInfoItem, SideInfoSection } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { offTableInfo } from './arrivals';
import { cardIsDead, cardLabel } from './cards';
import { ARTILLERY_ARC_HALF_ANGLE, ARTILLERY_RANGE } from './charts';
import { zoneContext } from './moves';
import { jokerDue } from './turn';
import type { Card, HmState, HmUnit } from './types';
import { liveUnits, unitById } from './world';
import { MAX_WHEEL, attackRange, colourStand, isGeneral, isSkirmisher, threatZones, unitCorners } from './zones';
import { datan2, dcos, dhypot, dsin } from '../../core/detmath';

/** What each kind of card does, in a few words, for the hand's lines. */
const CARD_HELP: Record<Card['kind'], string> = {
  unit: 'one order for this unit',
  general: 'one order for a unit of his Command within his range; then he may move',
  artillery: 'one order for each battery',
  skirmInf: 'one order for each skirmishing infantry unit',
  skirmCav: 'one order for each skirmishing cavalry unit',
  infantryAdvance: 'every infantry unit not halted moves straight ahead',
  joker: 'orders as the Commander-in-chief\'s General cards; the discards go back into the deck',
  national: 'a national order',
  event: 'an event',
};

const STEP_NAMES: Partial<Record<HmState['rules']['step'], string>> = {
  deploy: 'deployment',
  decision: 'the moment of decision',
  reorganisation: 'reorganisation',
  action: 'the action step',
  over: 'the turn is over',
};

/** A card of the hand as a line: its label, what it does, muted when its unit is gone. */
function cardItem(state: HmState, id: string): SideInfoItem {
  const card = state.rules.cards[id];
  if (!card) return { label: id, tone: 'muted' };
  if (cardIsDead(state, card)) return { label: cardLabel(state, id), detail: 'its unit has left the table', tone: 'muted' };
  const item: SideInfoItem = { label: cardLabel(state, id), detail: CARD_HELP[card.kind] };
  if (card.kind === 'general' && card.unit) {
    const g = unitById(state, card.unit)?.rs.general;
    if (g) item.detail = `one order for a unit of his Command within ${g.stats.range}"; then he may move`;
  }
  if (card.kind === 'joker') item.tone = jokerDue(state, state.rules.turnSide) ? 'warn' : 'normal';
  return item;
}

/**
 * The side panel for `side`: its own hand (never the opponent's), the deck and discards, the card in
 * play with its orders left, and the cards the latest draw gave this side.
 */
export function hmSideInfo(state: HmState, side: string): SideInfoSection[] {
  if (state.seats?.length) return seatInfo(state, side);
  const rules = state.rules;
  const own = rules.sides[side];
  if (!own) return [];
  const out: SideInfoSection[] = [];
  const mine = rules.turnSide === side;

  const turn: SideInfoItem[] = [
    { label: mine ? `Your turn: ${STEP_NAMES[rules.step] ?? rules.step}` : `${sideName(state, rules.turnSide)} to act: ${STEP_NAMES[rules.step] ?? rules.step}`, tone: mine ? 'normal' : 'muted' },
  ];
  if (mine && rules.step === 'action') {
    turn.push({ label: `Cards played this turn: ${rules.cardsPlayedThisTurn}`, detail: rules.cardsPlayedThisTurn === 0 && !rules.discardedThisTurn ? 'play or discard at least one card before ending the turn' : undefined, tone: 'muted' });
  }
  if (mine && jokerDue(state, side)) turn.push({ label: 'The deck is empty: you must play the Joker', tone: 'warn' });
  if (own.mustPlayAdvance) turn.push({ label: 'The Infantry Advance card must be played this turn', tone: 'warn' });
  if (rules.pendingGeneralMove && mine) {
    const g = unitById(state, rules.pendingGeneralMove);
    turn.push({ label: `${g?.name ?? 'A General'} may now move (up to 6")`, tone: 'warn' });
  }
  out.push({ title: 'Turn', items: turn.map(clean) });

  const active = rules.activeCard;
  if (active && mine) {
    const left = active.ordersLeft === null ? 'one order for each unit it may order' : `${active.ordersLeft} order${active.ordersLeft === 1 ? '' : 's'} left`;
    const ordered = active.ordered.map((id) => unitById(state, id)?.name ?? id);
    const items: SideInfoItem[] = [{ label: cardLabel(state, active.card), detail: left }];
    if (ordered.length) items.push({ label: `Ordered: ${ordered.join(', ')}`, tone: 'muted' });
    if (active.fired.length) items.push({ label: `Fired: ${active.fired.map((id) => unitById(state, id)?.name ?? id).join(', ')}`, tone: 'muted' });
    out.push({ title: 'Card in play', items });
  }

  const hand = grouped(own.hand.map((id) => cardItem(state, id)));
  out.push({ title: `Hand (${own.hand.length})`, items: hand.length ? hand : [{ label: 'No cards in hand', tone: 'muted' }] });

  const draw = rules.lastDraw;
  if (draw) {
    const items: SideInfoItem[] = [];
    if (draw.side === side) {
      items.push(...draw.got.map((id) => ({ label: cardLabel(state, id), detail: 'drawn', tone: 'normal' as const })));
      if (!draw.got.length) items.push({ label: 'None of your own cards', tone: 'muted' });
      if (draw.passed.length) items.push({ label: `${draw.passed.length} passed to ${sideName(state, otherSide(state, side))}`, tone: 'muted' });
    } else {
      items.push(...draw.passed.map((id) => ({ label: cardLabel(state, id), detail: `drawn by ${sideName(state, draw.side)}, passed to you`, tone: 'normal' as const })));
    }
    if (items.length) out.push({ title: draw.side === side ? 'Drawn this turn' : `Passed to you by ${sideName(state, draw.side)}'s draw`, items });
  }

  const coming = offTableInfo(state, side);
  if (coming.length) out.push({ title: 'Coming on later', items: coming });

  const other = otherSide(state, side);
  const jokerWhere = own.hand.includes('joker') ? 'in your hand' : rules.sides[other]?.hand.includes('joker') ? `in ${sideName(state, other)}'s hand` : rules.deck.includes('joker') ? 'in the deck' : 'out of play';
  out.push({
    title: 'Deck',
    items: [
      { label: `Deck: ${rules.deck.length} card${rules.deck.length === 1 ? '' : 's'}`, tone: rules.deck.length === 0 ? 'warn' : 'normal' },
      { label: `Discards: ${rules.discard.length}` },
      { label: `${sideName(state, other)}: ${rules.sides[other]?.hand.length ?? 0} card${rules.sides[other]?.hand.length === 1 ? '' : 's'} in hand`, tone: 'muted' },
      { label: `The Joker is ${jokerWhere}`, detail: `Jokers played: ${rules.jokersPlayed}`, tone: 'muted' },
    ],
  });
  return out;
}

/**
 * The panel of one player when a side has several (A §8.3, seats.ts): who he is and who acts, the
 * card he has in play, his own hand, what the latest draw gave him, and where the other cards are.
 */
function seatInfo(state: HmState, player: string): SideInfoSection[] {
  const rules = state.rules;
  const seat = seatById(state, player);
  if (!seat || !rules.sides[seat.side]) return [];
  const hand = seatHand(state, seat.id);
  const mine = rules.turnSeat === seat.id;
  const acting = seatById(state, state.activeSeat);
  const step = STEP_NAMES[rules.step] ?? rules.step;
  const out: SideInfoSection[] = [];
  const turn: SideInfoItem[] = [
    { label: `You are the ${seat.name}`, detail: `${seat.units.length} units and Generals`, tone: 'normal' },
    { label: acting?.id === seat.id ? `Your turn: ${step}` : `${acting?.name ?? 'Nobody'} to act: ${step}`, tone: acting?.id === seat.id ? 'normal' : 'muted' },
  ];
  if (mine && rules.step === 'action') turn.push({ label: `Cards played this turn: ${rules.cardsPlayedThisTurn}`, tone: 'muted' });
  if (mine && jokerDue(state, seat.side)) turn.push({ label: 'The deck is empty: you must play the Joker', tone: 'warn' });
  out.push({ title: 'Turn', items: turn.map(clean) });
  const active = rules.activeCard;
  if (active && mine) {
    const left = active.ordersLeft === null ? 'one order for each unit it may order' : `${active.ordersLeft} order${active.ordersLeft === 1 ? '' : 's'} left`;
    out.push({ title: 'Card in play', items: [{ label: cardLabel(state, active.card), detail: left }] });
  }
  const items = grouped(hand.map((id) => cardItem(state, id)));
  out.push({ title: `Hand (${hand.length})`, items: items.length ? items : [{ label: 'No cards in hand', tone: 'muted' }] });
  const draw = rules.lastDraw;
  const given = Object.entries(draw?.to ?? {}).filter(([, to]) => to === seat.id).map(([id]) => id);
  if (draw?.seat && given.length) {
    const by = draw.seat === seat.id ? 'drawn' : `drawn by the ${seatById(state, draw.seat)?.name ?? draw.seat}, passed to you`;
    out.push({ title: 'Latest draw', items: given.map((id) => ({ label: cardLabel(state, id), detail: by })) });
  }
  const holder = state.seats!.find((x) => seatHand(state, x.id).includes('joker'));
  out.push({
    title: 'Deck',
    items: [
      { label: `Deck: ${rules.deck.length} card${rules.deck.length === 1 ? '' : 's'}`, tone: rules.deck.length === 0 ? 'warn' : 'normal' },
      { label: `Discards: ${rules.discard.length}` },
      ...state.seats!.filter((x) => x.id !== seat.id).map((x) => ({ label: `${x.name}: ${seatHand(state, x.id).length} in hand`, tone: 'muted' as const })),
      { label: `The Joker is ${holder ? (holder.id === seat.id ? 'in your hand' : `in the ${holder.name}'s hand`) : rules.deck.includes('joker') ? 'in the deck' : 'out of play'}`, tone: 'muted' },
    ],
  });
  return out;
}

/** Identical lines once each, counted: "Artillery card ×2". */
function grouped(items: SideInfoItem[]): SideInfoItem[] {
  const out: { item: SideInfoItem; n: number }[] = [];
  for (const item of items) {
    const same = out.find((o) => o.item.label === item.label && o.item.detail === item.detail && o.item.tone === item.tone);
    if (same) same.n++;
    else out.push({ item, n: 1 });
  }
  return out.map(({ item, n }) => (n > 1 ? { ...item, label: `${item.label} ×${n}` } : item));
}

/** Drop an undefined detail, so the data stays plain JSON. */
function clean(i: SideInfoItem): SideInfoItem {
  if (i.detail === undefined) delete i.detail;
  return i;
}

function otherSide(state: HmState, side: SideId): SideId {
  return state.sides.find((s) => s.id !== side)?.id ?? side;
}

// ---------------------------------------------------------------------------------------------
// Shapes on the table

/** Colours of the overlays: the viewer's own zones blue, the enemy's red. */
export const OVERLAY_COLOURS = {
  ownZone: '#3f7fd8',
  enemyZone: '#d8402f',
  leadership: '#f2c744',
  attack: '#ff9a3c',
  ball: '#b07cff',
  grapeshot: '#ff4d6a',
  wheel: '#f4f4f4',
};

const ARC_STEP = Math.PI / 60;

/** Points of a circular arc about `c` from angle a0 to a1 (radians, CCW). */
function arc(c: Vec2, r: number, a0: number, a1: number): Vec2[] {
  const n = Math.max(2, Math.ceil(Math.abs(a1 - a0) / ARC_STEP));
  const out: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    out.push({ x: c.x + dcos(a) * r, y: c.y + dsin(a) * r });
  }
  return out;
}

/** The outline of every point within `r` of an oriented rectangle (a rounded rectangle), closed. */
function roundedRect(rect: { cx: number; cy: number; facing: number; width: number; depth: number }, r: number): Vec2[] {
  const hd = rect.depth / 2;
  const hw = rect.width / 2;
  // Corners in the rectangle's frame (f forward, l right), taken counter-clockwise on the table.
  const cornersLocal: [number, number][] = [
    [hd, hw],
    [hd, -hw],
    [-hd, -hw],
    [-hd, hw],
  ];
  const out: Vec2[] = [];
  cornersLocal.forEach(([f, l], i) => {
    const c = fromLocal(rect, f, l);
    // Outward normal at the start of each corner's arc, turning CCW a quarter turn.
    const start = rect.facing - Math.PI / 2 + (i * Math.PI) / 2;
    out.push(...arc(c, r, start, start + Math.PI / 2));
  });
  out.push(out[0]!);
  return out;
}

/** A sector (fan) from `apex` along `facing`, half-angle `half`, radius `r`, as a polygon. */
function sector(apex: Vec2, facing: number, half: number, r: number): Vec2[] {
  return [apex, ...arc(apex, r, facing - half, facing + half)];
}

/** The General whose leadership range matters for the selected unit: himself, or his Command's. */
function generalFor(state: HmState, u: HmUnit): HmUnit | undefined {
  if (isGeneral(u)) return u;
  const g = u.rs.command ? unitById(state, u.rs.command) : undefined;
  return g && !g.removed ? g : undefined;
}

/**
 * The shapes for `side`'s player: every cavalry threat zone on the table (neutralised ones faint),
 * and for the selected unit its General's leadership range, its Attack range from the Colour Stand,
 * a gun's arc and ranges, and the arcs its front corners sweep in a 45° wheel.
 */
export function hmOverlays(state: HmState, battlefield: Battlefield, side: string, selectedUnit?: string): Overlay[] {
  const out: Overlay[] = [];
  // Hidden-movement counters (kind 'marker') stand for units nobody may measure from.
  const units = liveUnits(state).filter((u) => (u.kind as string) !== 'marker');
  const zc = zoneContext(state, battlefield);
  const fog = state.rules.weather === 'fog';

  for (const z of threatZones(units, zc)) {
    const owner = unitById(state, z.owner);
    const neutral = z.neutralisedBy.length > 0;
    const by = z.neutralisedBy.map((id) => unitById(state, id)?.name ?? id).join(', ');
    out.push({
      kind: 'polygon',
      points: z.polygon,
      colour: z.side === side ? OVERLAY_COLOURS.ownZone : OVERLAY_COLOURS.enemyZone,
      opacity: neutral ? 0.07 : 0.2,
      label: `Threat zone of ${owner?.name ?? z.owner}${neutral ? ` (neutralised by ${by})` : ''}`,
    });
  }

  const u = selectedUnit ? unitById(state, selectedUnit) : undefined;
  if (!u || u.removed || u.carriedBy || u.stands.length === 0 || (u.kind as string) === 'marker') return out;

  const g = generalFor(state, u);
  if (g?.rs.general && g.rs.general.stats.range > 0 && g.stands.length > 0) {
    const stand = colourStand(g);
    const range = inch(g.rs.general.stats.range);
    out.push({ kind: 'ring', centre: { x: stand.cx, y: stand.cy }, radius: range, colour: OVERLAY_COLOURS.leadership, opacity: 0.75, label: `Leadership range of ${g.name}: ${g.rs.general.stats.range}"` });
  }

  const reach = attackRange(u, { fog });
  if (reach > 0) {
    out.push({ kind: 'line', points: roundedRect(colourStand(u), reach), colour: OVERLAY_COLOURS.attack, opacity: 0.85, label: `Attack range of ${u.name}: ${Math.round(reach / 25.4)}" from the Colour Stand` });
  }

  if (u.rs.gun && !u.rs.gun.limbered) {
    const muzzle = frontCentre(colourStand(u));
    out.push({ kind: 'polygon', points: sector(muzzle, u.facing, ARTILLERY_ARC_HALF_ANGLE, inch(ARTILLERY_RANGE.ball)), colour: OVERLAY_COLOURS.ball, opacity: 0.12, label: `Ball and shell: ${ARTILLERY_RANGE.ball}" within the arc` });
    out.push({ kind: 'polygon', points: sector(muzzle, u.facing, ARTILLERY_ARC_HALF_ANGLE, inch(ARTILLERY_RANGE.grapeshot)), colour: OVERLAY_COLOURS.grapeshot, opacity: 0.25, label: `Grapeshot: ${ARTILLERY_RANGE.grapeshot}"` });
    const edge = (s: number): Vec2[] => {
      const d = rotate(direction(u.facing), s * ARTILLERY_ARC_HALF_ANGLE);
      const r = inch(ARTILLERY_RANGE.ball);
      return [muzzle, { x: muzzle.x + d.x * r, y: muzzle.y + d.y * r }];
    };
    out.push({ kind: 'line', points: edge(1), colour: OVERLAY_COLOURS.ball, opacity: 0.6, label: 'Arc of fire' }, { kind: 'line', points: edge(-1), colour: OVERLAY_COLOURS.ball, opacity: 0.6, label: 'Arc of fire' });
  }

  // A wheel pivots on one front corner while the other swings forward up to 45° (A §11.2).
  const wheels = u.formation === 'line' && !isGeneral(u) && !isSkirmisher(u) && !u.rs.gun;
  if (wheels) {
    const c = unitCorners(u);
    const frontage = dhypot(c.frontRight.x - c.frontLeft.x, c.frontRight.y - c.frontLeft.y);
    if (frontage > 0) {
      // Wheeling left: the pivot is the left front corner and the right one swings forward (CCW).
      const right = datan2(c.frontRight.y - c.frontLeft.y, c.frontRight.x - c.frontLeft.x);
      out.push({ kind: 'line', points: arc(c.frontLeft, frontage, right, right + MAX_WHEEL), colour: OVERLAY_COLOURS.wheel, opacity: 0.8, label: 'Wheel left: up to 45°' });
      const left = datan2(c.frontLeft.y - c.frontRight.y, c.frontLeft.x - c.frontRight.x);
      out.push({ kind: 'line', points: arc(c.frontRight, frontage, left, left - MAX_WHEEL), colour: OVERLAY_COLOURS.wheel, opacity: 0.8, label: 'Wheel right: up to 45°' });
    }
  }
  return out;
}
