/**
 * The sight overlay draped on the ground: a unit's viewshed as a texture on the heightmap's grid,
 * read by the ground's own shaders (ground, water, roads and fords), so it lies exactly on the
 * surface, darkens roads and rivers with the grass, and never covers figures or trees.
 *
 * Texture channels, one texel per grid sample: R ground seen, G dead ground, B within sight range.
 * The uniforms are shared by every material that takes the overlay; changing them needs no
 * recompile, only a new frame.
 */

import { DataTexture, LinearFilter, RGBAFormat, UnsignedByteType, Vector2, Vector3, Vector4, type Material, type WebGLProgramParametersWithUniforms } from 'three';

export interface SightGrid {
  cols: number;
  rows: number;
  cellSize: number;
  originX: number;
  originY: number;
  visible: Uint8Array;
  dead: Uint8Array;
  minHeight: Float32Array;
}

/** Period of the dead-ground hatching on the table, mm. */
const HATCH_MM = 14;

const blank = new DataTexture(new Uint8Array([255, 0, 255, 255]), 1, 1, RGBAFormat, UnsignedByteType);
blank.needsUpdate = true;

export const sightUniforms = {
  uSightTex: { value: blank as DataTexture },
  /** originX, originY, 1 / (cellSize * cols), 1 / (cellSize * rows). */
  uSightGrid: { value: new Vector4(0, 0, 1, 1) },
  /** Half a texel, so grid samples sit on texel centres. */
  uSightHalf: { value: new Vector2(0.5, 0.5) },
  /** x: shade hidden ground, y: hatch dead ground, z: anything at all. */
  uSightMode: { value: new Vector3(0, 0, 0) },
  uSightHatch: { value: HATCH_MM },
};

/** The viewshed as a texture; linear filtering softens the grid's steps into smooth edges. */
export function sightTexture(g: SightGrid): DataTexture {
  const n = g.cols * g.rows;
  const data = new Uint8Array(n * 4);
  for (let k = 0; k < n; k++) {
    data[k * 4] = g.visible[k] ? 255 : 0;
    data[k * 4 + 1] = g.dead[k] ? 255 : 0;
    data[k * 4 + 2] = g.minHeight[k] === Infinity ? 0 : 255;
    data[k * 4 + 3] = 255;
  }
  const tex = new DataTexture(data, g.cols, g.rows, RGBAFormat, UnsignedByteType);
  tex.magFilter = LinearFilter;
  tex.minFilter = LinearFilter;
  tex.generateMipmaps = false;
  tex.needsUpdate = true;
  return tex;
}

/** Point the shared uniforms at a viewshed (or at nothing) and say what to draw. */
export function showSight(tex: DataTexture | null, g: SightGrid | null, shade: boolean, hatch: boolean): void {
  const u = sightUniforms;
  if (!tex || !g || (!shade && !hatch)) {
    u.uSightMode.value.set(0, 0, 0);
    u.uSightTex.value = blank;
    return;
  }
  u.uSightTex.value = tex;
  u.uSightGrid.value.set(g.originX, g.originY, 1 / (g.cellSize * g.cols), 1 / (g.cellSize * g.rows));
  u.uSightHalf.value.set(0.5 / g.cols, 0.5 / g.rows);
  u.uSightMode.value.set(shade ? 1 : 0, hatch ? 1 : 0, 1);
}

const VERTEX_DECL = 'varying vec2 vSightXZ;';
const VERTEX_BODY = 'vSightXZ = (modelMatrix * vec4(transformed, 1.0)).xz;';

const FRAGMENT_DECL = `
varying vec2 vSightXZ;
uniform sampler2D uSightTex;
uniform vec4 uSightGrid;
uniform vec2 uSightHalf;
uniform vec3 uSightMode;
uniform float uSightHatch;`;

// Runs after the lit colour is final. Hidden ground turns a dark blue-grey; ground beyond the
// sight range (night, fog) nearly black; dead ground gets red hatching over a reddened shade, so it
// reads apart from ground that is merely out of sight.
const FRAGMENT_BODY = `
if (uSightMode.z > 0.5) {
  vec2 sightP = vec2(vSightXZ.x, -vSightXZ.y);
  // The grid's values blended between samples, then cut at one half: edges follow the ground
  // smoothly instead of showing the grid's square cells.
  vec4 sightS = smoothstep(0.38, 0.62, texture2D(uSightTex, (sightP - uSightGrid.xy) * uSightGrid.zw + uSightHalf));
  float sightHidden = 1.0 - sightS.r;
  float sightBeyond = 1.0 - sightS.b;
  vec3 sightCol = gl_FragColor.rgb;
  float sightLum = dot(sightCol, vec3(0.299, 0.587, 0.114));
  sightCol = mix(sightCol, sightLum * vec3(0.42, 0.5, 0.72), uSightMode.x * sightHidden * 0.9);
  sightCol = mix(sightCol, vec3(0.06, 0.07, 0.09), uSightMode.x * sightBeyond * 0.8);
  float sightH = (sightP.x + sightP.y) / uSightHatch;
  float sightW = fwidth(sightH);
  float sightLine = 1.0 - smoothstep(0.16 - sightW, 0.16 + sightW, 0.5 - abs(fract(sightH) - 0.5));
  float sightDead = uSightMode.y * sightS.g;
  sightCol = mix(sightCol, sightCol * vec3(0.85, 0.55, 0.5), sightDead * 0.6);
  sightCol = mix(sightCol, vec3(0.9, 0.22, 0.12), sightDead * sightLine * 0.9);
  gl_FragColor.rgb = sightCol;
}`;

/**
 * Give a Lambert (or other built-in) material the sight overlay, after whatever its own
 * onBeforeCompile does. `key` names the material's shader variant for three's program cache,
 * which otherwise cannot tell two wrapped materials apart.
 */
export function withSightOverlay<M extends Material>(material: M, key: string): M {
  const own = material.onBeforeCompile.bind(material);
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms, renderer) => {
    own(shader, renderer);
    Object.assign(shader.uniforms, sightUniforms);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${VERTEX_DECL}`)
      .replace('#include <project_vertex>', `#include <project_vertex>\n${VERTEX_BODY}`);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${FRAGMENT_DECL}`)
      .replace('#include <dithering_fragment>', `#include <dithering_fragment>\n${FRAGMENT_BODY}`);
  };
  material.customProgramCacheKey = () => `sight-overlay:${key}`;
  return material;
}
