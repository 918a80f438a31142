/**
 * The scene's miniature tables: troop types to models (with fallbacks for types no table knows),
 * regimental paint by nation, stand layouts, and terrain pieces placed from features.
 */

import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../models/build';
import type { Stand, TroopKind } from '../../../src/core/model';
import { pointInPolygon } from '../../../src/core/geometry';
import { figureStyle, standFigures, TYPE_STYLES } from '../../../src/scene/figures';
import { regimentPaint } from '../../../src/scene/paint';
import { placePieces } from '../../../src/scene/terrainPieces';
import { makeBattlefield } from '../../../src/showcase/build';

const MODELS = new Set(CATALOGUE.map((c) => c.name));
const NATIONS = ['prussia', 'austria', 'russia', 'france', 'britain', 'bavaria', 'saxony', 'narnia'];
const KINDS: TroopKind[] = ['infantry', 'cavalry', 'artillery', 'commander', 'wagon', 'boat'];

const stand = (width: number, depth: number, figures: number): Stand => ({ f: 0, l: 0, width, depth, figures, status: 'ok' });

describe('figure styles', () => {
  it('picks the model by type and nation', () => {
    expect(figureStyle('line', 'infantry', 'prussia').model).toBe('musketeer');
    expect(figureStyle('guard', 'infantry', 'prussia').model).toBe('grenadierMitre');
    expect(figureStyle('guard', 'infantry', 'austria').model).toBe('grenadierBearskin');
    expect(figureStyle('hussar', 'cavalry', 'prussia').model).toBe('hussarMirliton');
    expect(figureStyle('hussar', 'cavalry', 'austria').model).toBe('hussarBusby');
    expect(figureStyle('light', 'infantry', 'austria')).toMatchObject({ model: 'grenzer', paint: 'grenzer', loose: true });
    expect(figureStyle('eliteCavalry', 'cavalry', 'russia')).toMatchObject({ model: 'cuirassier', heavy: true });
  });

  it('falls back on the broad kind for type ids it does not know', () => {
    expect(figureStyle('pikemen', 'infantry', 'prussia').model).toBe('musketeer');
    expect(figureStyle('camelry', 'cavalry', 'narnia').model).toBe('dragoon');
    expect(figureStyle('rocketTroop', 'artillery', 'britain').model).toBe('fieldGun');
    expect(figureStyle('warlord', 'commander', 'france').model).toBe('general');
  });

  it('only ever asks for models the build makes', () => {
    const types = [...Object.keys(TYPE_STYLES), 'unknown-type'];
    for (const nation of NATIONS) {
      for (const type of types) {
        for (const kind of KINDS) {
          const style = figureStyle(type, kind, nation);
          for (const formation of ['line', 'column', 'skirmish', 'limbered', 'unlimbered']) {
            for (const colours of [false, true]) {
              const slots = standFigures(stand(38, 51, 4), { style, kind, formation, colours, scale: 18, seed: 1 });
              for (const s of slots) expect(MODELS.has(s.model), `${type}/${kind}/${nation}: ${s.model}`).toBe(true);
            }
          }
        }
      }
    }
  });
});

describe('stand layouts', () => {
  const line = figureStyle('line', 'infantry', 'prussia');
  it('puts every figure of a stand on its base, the colours on the colour stand', () => {
    const s = stand(25.4, 19.05, 4);
    const plain = standFigures(s, { style: line, kind: 'infantry', formation: 'line', colours: false, scale: 18, seed: 1 });
    expect(plain.map((f) => f.model)).toEqual(['musketeer', 'musketeer', 'musketeer', 'musketeer']);
    for (const f of plain) {
      expect(Math.abs(f.f)).toBeLessThan(s.depth / 2);
      expect(Math.abs(f.l)).toBeLessThan(s.width / 2);
    }
    const colours = standFigures(s, { style: line, kind: 'infantry', formation: 'line', colours: true, scale: 18, seed: 1 });
    expect(colours.map((f) => f.model)).toContain('bearer');
    expect(colours.map((f) => f.model)).toContain('officer');
    expect(colours.map((f) => f.model)).toContain('drummer');
  });

  it('limbers a gun behind its team, and mounts the horse', () => {
    const gun = figureStyle('footArtillery', 'artillery', 'austria');
    const limbered = standFigures(stand(38, 89, 4), { style: gun, kind: 'artillery', formation: 'limbered', colours: false, scale: 18, seed: 1 });
    expect(limbered.map((f) => f.model)).toEqual(['limberTeam', 'fieldGun']);
    expect(limbered[0]!.f).toBeGreaterThan(limbered[1]!.f);
    const horse = standFigures(stand(25.4, 31.75, 2), { style: figureStyle('cavalry', 'cavalry', 'prussia'), kind: 'cavalry', formation: 'line', colours: false, scale: 18, seed: 1 });
    expect(horse.every((f) => f.horse)).toBe(true);
  });
});

describe('regimental paint', () => {
  it('dresses each nation in its colours', () => {
    expect(regimentPaint('prussia', 'line', 'IR-1', '#000').coat).toBe('#1c2a56');
    expect(regimentPaint('austria', 'line', 'IR-1', '#000').coat).toBe('#ebe7db');
    expect(regimentPaint('russia', 'line', 'IR-1', '#000').coat).toBe('#2e5a34');
    expect(regimentPaint('britain', 'line', 'IR-1', '#000').coat).toBe('#b3262c');
    expect(regimentPaint('bavaria', 'line', 'IR-1', '#000').coat).toBe('#76a8d8');
    expect(regimentPaint('france', 'line', 'IR-1', '#000').flagCross).toBe('#f6f4ee');
    // An unknown nation wears its side's colour.
    expect(regimentPaint('narnia', 'line', 'IR-1', '#123456').coat).toBe('#123456');
  });

  it('gives regiments of one nation different facings', () => {
    const facings = new Set(Array.from({ length: 12 }, (_, i) => regimentPaint('prussia', 'line', `IR-${i}`, '#000').facings));
    expect(facings.size).toBeGreaterThan(2);
  });
});

describe('terrain pieces', () => {
  const square = (cx: number, cy: number, s: number) => [
    { x: cx - s, y: cy - s },
    { x: cx + s, y: cy - s },
    { x: cx + s, y: cy + s },
    { x: cx - s, y: cy + s },
  ];
  const bf = makeBattlefield('t', 600, 600, { hills: [], streams: [], roll: 0 }, []);

  it('plants a wood with trees inside it, an orchard with fruit trees', () => {
    const wood = square(200, 200, 80);
    const trees = placePieces(bf, { id: 'w', kind: 'wood', polygon: wood, canopyHeight: 50 });
    expect(trees.length).toBeGreaterThan(10);
    for (const t of trees) expect(pointInPolygon(t, wood)).toBe(true);
    const orchard = placePieces(bf, { id: 'o', kind: 'orchard', polygon: square(400, 400, 60), canopyHeight: 30 });
    expect(orchard.length).toBeGreaterThan(4);
    expect(orchard.every((t) => t.model === 'fruitTree' && Math.abs(t.sy - 30) < 10)).toBe(true);
  });

  it('builds a village with a church, and boundaries as tall as they say', () => {
    const village = placePieces(bf, { id: 'v', kind: 'village', polygon: square(300, 300, 150) });
    expect(village.filter((p) => p.model === 'church')).toHaveLength(1);
    expect(village.filter((p) => p.model === 'house' || p.model === 'cottage').length).toBeGreaterThan(3);
    const hedge = placePieces(bf, { id: 'h', kind: 'hedge', line: [{ x: 0, y: 0 }, { x: 300, y: 0 }], width: 8, height: 16 });
    expect(hedge.length).toBeGreaterThan(3);
    expect(hedge[0]!.sy * 0.74).toBeCloseTo(16, 3);
    expect(hedge.reduce((n, p) => n + p.sx, 0)).toBeGreaterThanOrEqual(300);
    expect(placePieces(bf, { id: 'b', kind: 'bridge', polygon: square(100, 100, 20) })).toHaveLength(1);
    expect(placePieces(bf, { id: 'x', kind: 'marsh', polygon: square(100, 100, 20) })).toEqual([]);
  });

  it('fits a house to a building footprint from the terrain model, by material', () => {
    // A 40 x 30 mm footprint, 35 mm to the roof, long side along x.
    const footprint = [
      { x: 280, y: 285 },
      { x: 320, y: 285 },
      { x: 320, y: 315 },
      { x: 280, y: 315 },
    ];
    const [stone] = placePieces(bf, { id: 'b1', kind: 'building', polygon: footprint, height: 35, material: 'stone' });
    expect(stone!.model).toBe('house');
    expect(stone!.x).toBeCloseTo(300, 6);
    expect(stone!.y).toBeCloseTo(300, 6);
    expect(stone!.sx * 3.6).toBeCloseTo(40, 6);
    expect(stone!.sz * 2.7).toBeCloseTo(30, 6);
    expect(stone!.sy * 3.0).toBeCloseTo(35, 6);
    expect(placePieces(bf, { id: 'b2', kind: 'building', polygon: footprint, height: 20, material: 'wood' })[0]!.model).toBe('cottage');
    expect(placePieces(bf, { id: 's', kind: 'settlement', polygon: footprint })).toEqual([]);
  });
});
