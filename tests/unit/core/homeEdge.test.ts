/** Which long edge of the table a side sets up along (Side.edge, and the default without it). */

import { describe, expect, it } from 'vitest';
import { homeEdge, type Side } from '../../../src/core/model';

const side = (id: string, edge?: 'near' | 'far'): Side => ({ id, name: id, nation: 'prussia', colour: '#000', ...(edge ? { edge } : {}) });

describe('homeEdge', () => {
  it('gives the first side the near edge and the second the far one when the rules have not said', () => {
    const sides = [side('a'), side('b')];
    expect(homeEdge(sides, 'a')).toBe('near');
    expect(homeEdge(sides, 'b')).toBe('far');
  });

  it("follows the sides' own edges, as the table-side roll sets them", () => {
    const sides = [side('a', 'far'), side('b', 'near')];
    expect(homeEdge(sides, 'a')).toBe('far');
    expect(homeEdge(sides, 'b')).toBe('near');
  });

  it("gives a side without an edge the one opposite the other side's", () => {
    expect(homeEdge([side('a'), side('b', 'near')], 'a')).toBe('far');
    expect(homeEdge([side('a', 'far'), side('b')], 'b')).toBe('near');
  });
});
