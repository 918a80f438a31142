/**
 * Arithmetic that gives the same bits in every JavaScript engine. Math.sin, cos, tan, atan2, exp,
 * log, pow and hypot are only approximations whose last bits differ between engines (and between
 * versions of one engine: Node and the browser were seen to store a unit's facing 1 ulp apart
 * after Math.atan2), and the same game must reach the same state hash everywhere. Only + - * /,
 * Math.sqrt (correctly rounded by IEEE 754), abs, floor and round are used here.
 */

const HALF_PI = 1.5707963267948966;

/** Taylor series for sin on [-pi/4, pi/4]; error below 1e-13. */
function sinKernel(r: number): number {
  const r2 = r * r;
  let s = 1 / 6227020800;
  s = s * r2 - 1 / 39916800;
  s = s * r2 + 1 / 362880;
  s = s * r2 - 1 / 5040;
  s = s * r2 + 1 / 120;
  s = s * r2 - 1 / 6;
  return r + r * r2 * s;
}

/** Taylor series for cos on [-pi/4, pi/4]; error below 1e-14. */
function cosKernel(r: number): number {
  const r2 = r * r;
  let c = 1 / 87178291200;
  c = c * r2 - 1 / 479001600;
  c = c * r2 + 1 / 3628800;
  c = c * r2 - 1 / 40320;
  c = c * r2 + 1 / 720;
  c = c * r2 - 1 / 24;
  c = c * r2 + 1 / 2;
  return 1 - r2 * c;
}

/** sin(x + quarterTurns * pi/2), reduced to the nearest quarter turn. */
function quarterTrig(x: number, quarterTurns: number): number {
  const q = Math.round(x / HALF_PI);
  const r = x - q * HALF_PI;
  switch ((((q + quarterTurns) % 4) + 4) % 4) {
    case 0:
      return sinKernel(r);
    case 1:
      return cosKernel(r);
    case 2:
      return -sinKernel(r);
    default:
      return -cosKernel(r);
  }
}

/** sin(x), good to about 1e-13 for the angles a table needs. */
export function dsin(x: number): number {
  return quarterTrig(x, 0);
}

export function dcos(x: number): number {
  return quarterTrig(x, 1);
}

/** tan(x). */
export function dtan(x: number): number {
  return dsin(x) / dcos(x);
}

/** atan(x) for |x| <= 1, by halving the angle twice and a short series; error below 1e-13. */
function atanKernel(x: number): number {
  // tan(a/2) = x / (1 + sqrt(1 + x^2)): two halvings bring |x| under 0.2.
  let y = x / (1 + Math.sqrt(1 + x * x));
  y = y / (1 + Math.sqrt(1 + y * y));
  const y2 = y * y;
  let s = -1 / 19;
  for (let k = 17; k >= 3; k -= 2) s = s * y2 + ((k - 1) % 4 === 0 ? 1 / k : -1 / k);
  return 4 * (y + y * y2 * s);
}

/** atan2(y, x) in (-pi, pi], from + - * / and sqrt only, so every engine gives the same bits. */
export function datan2(y: number, x: number): number {
  if (x === 0 && y === 0) return 0;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  // atan of the smaller over the larger, then placed in its octant.
  let a = ay <= ax ? atanKernel(ay / ax) : HALF_PI - atanKernel(ax / ay);
  if (x < 0) a = 2 * HALF_PI - a;
  return y < 0 ? -a : a;
}

/** The length of (x, y): Math.hypot without its engine-dependent last bit. */
export function dhypot(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

const LN2_HI = 0.6931471803691238;
const LN2_LO = 1.9082149292705877e-10;
const LN2 = LN2_HI + LN2_LO;

/** 2^k for an integer k in the normal range, exactly. */
function powerOfTwo(k: number): number {
  let v = 1;
  const step = k > 0 ? 2 : 0.5;
  for (let i = Math.abs(k); i > 0; i--) v *= step;
  return v;
}

/** e^x, to about 1e-15 relative; 0 and Infinity beyond the range of doubles. */
export function dexp(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x > 709.7) return Infinity;
  if (x < -745) return 0;
  const k = Math.round(x / LN2);
  const r = x - k * LN2_HI - k * LN2_LO;
  // |r| <= ln2 / 2: Taylor series to r^14 / 14!.
  let p = 1 / 87178291200;
  for (let n = 13; n >= 1; n--) p = p * (r / n) + 1;
  return p * powerOfTwo(k);
}

/** ln(x) for x > 0, to about 1e-15 relative; -Infinity at 0 and NaN below. */
export function dlog(x: number): number {
  if (!(x > 0)) return x === 0 ? -Infinity : Number.NaN;
  if (x === Infinity) return Infinity;
  // x = m * 2^e with m in [sqrt(1/2), sqrt(2)).
  let e = 0;
  let m = x;
  while (m >= 1.4142135623730951) {
    m /= 2;
    e++;
  }
  while (m < 0.7071067811865476) {
    m *= 2;
    e--;
  }
  // ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172.
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let t = 1 / 27;
  for (let k = 25; k >= 1; k -= 2) t = t * s2 + 1 / k;
  return 2 * s * t + e * LN2;
}

/** base^exponent for base >= 0 (the AI's response curves). */
export function dpow(base: number, exponent: number): number {
  if (exponent === 0) return 1;
  if (base === 0) return exponent > 0 ? 0 : Infinity;
  if (base < 0) throw new RangeError(`dpow takes a base of 0 or more, got ${base}`);
  return dexp(exponent * dlog(base));
}
