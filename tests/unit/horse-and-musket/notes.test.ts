import { describe, expect, it } from 'vitest';
import { HORSE_AND_MUSKET_NOTES } from '../../../src/rules/horse-and-musket/notes';

/** The digest's part A §30 lists A1–A57 with no gaps. */
const A_COUNT = 57;

/** Part A resolutions with no note, and why. */
const A_EXEMPT: Record<string, string> = {
  A40: 'who owns a drawn national order card: national decks are optional in the book and not in the program (engine-optional)',
};

/** Digest numbering: A1–A57, B1–B61, C1–C44; C-… engine defaults of part C; engine-… the program's own readings. */
const ID_PATTERN = /^(A([1-9]|[1-4]\d|5[0-7])|B([1-9]|[1-5]\d|6[01])|C([1-9]|[1-3]\d|4[0-4])|C-[a-z]+(-[a-z]+)*|engine-[a-z]+(-[a-z]+)*)$/;

/** Sentence breaks: an end mark (maybe followed by a closing quote or bracket), space, then a capital or digit. */
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?]["”)]?)\s+(?=["“(]?[A-Z0-9])/);
}

describe('HORSE_AND_MUSKET_NOTES', () => {
  const ids = HORSE_AND_MUSKET_NOTES.map((n) => n.id);

  it('has unique, well-formed ids', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(ID_PATTERN);
  });

  it('covers every A# of the digest, or exempts it with a reason', () => {
    for (let a = 1; a <= A_COUNT; a++) {
      const id = `A${a}`;
      if (id in A_EXEMPT) {
        expect(ids, `${id} is exempt but has a note`).not.toContain(id);
        expect(A_EXEMPT[id]!.length).toBeGreaterThan(10);
      } else {
        expect(ids, `${id} has no note`).toContain(id);
      }
    }
    for (const id of Object.keys(A_EXEMPT)) expect(Number(id.slice(1))).toBeLessThanOrEqual(A_COUNT);
  });

  it('gives every note a short topic', () => {
    for (const n of HORSE_AND_MUSKET_NOTES) {
      expect(n.topic, n.id).toBe(n.topic.trim());
      expect(n.topic.length, n.id).toBeGreaterThan(2);
      expect(n.topic.length, n.id).toBeLessThanOrEqual(30);
      expect(n.topic, n.id).toMatch(/^[A-Z]/);
    }
  });

  it('writes every text as one to three plain sentences', () => {
    for (const n of HORSE_AND_MUSKET_NOTES) {
      expect(n.text, n.id).toBe(n.text.trim());
      expect(n.text.length, n.id).toBeGreaterThan(30);
      expect(n.text, n.id).toMatch(/^["“]?[A-Z0-9]/);
      expect(n.text, n.id).toMatch(/[.!?]["”)]?$/);
      expect(n.text, n.id).not.toMatch(/\s{2}/);
      expect(n.text, n.id).not.toMatch(/\[(PROPOSAL|ENGINE DEFAULT)\]|TODO/);
      const count = sentences(n.text).length;
      expect(count, `${n.id}: ${count} sentences`).toBeGreaterThanOrEqual(1);
      expect(count, `${n.id}: ${count} sentences`).toBeLessThanOrEqual(3);
    }
  });

  it('does not repeat a text', () => {
    const texts = HORSE_AND_MUSKET_NOTES.map((n) => n.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('lists the optional rules that are not implemented', () => {
    const note = HORSE_AND_MUSKET_NOTES.find((n) => n.id === 'engine-optional');
    expect(note).toBeDefined();
    for (const rule of ['pursuit', 'squares', 'Reform dice', 'national and event decks']) expect(note!.text).toContain(rule);
  });

  it('counts sentences the way the check above assumes', () => {
    expect(sentences('Move 9". Then stop.')).toHaveLength(2);
    expect(sentences('A 1.5" band and a 3" move.')).toHaveLength(1);
    expect(sentences('It says "shaken". It is not.')).toHaveLength(2);
  });
});
