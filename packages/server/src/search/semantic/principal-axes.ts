// The principal axes of a set of vectors (the eigenvectors of their covariance, largest variance first), found by the
// cyclic Jacobi method. The build script turns the word vectors onto these axes: a rotation changes no dot product,
// and afterwards the leading components carry most of each vector, so the index can pre-select by a prefix of them.
// Deterministic: the same vectors give the same axes, bit for bit.

const SWEEPS = 30;
const EPSILON = 1e-12;

/**
 * The `dimensions` × `dimensions` rotation whose row k is the k-th principal axis of `vectors` (each of length
 * `dimensions`), ordered by decreasing variance, with each axis's sign fixed so that its largest component is positive.
 */
export function principalAxes(vectors: Iterable<Float64Array>, dimensions: number): Float64Array[] {
  const covariance = covarianceOf(vectors, dimensions);
  const { values, axes } = jacobiEigen(covariance, dimensions);
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value || a.index - b.index);
  return order.map(({ index }) => {
    const axis = Float64Array.from({ length: dimensions }, (_, row) => axes[row * dimensions + index] as number);
    let largest = 0;
    for (const value of axis) if (Math.abs(value) > Math.abs(largest)) largest = value;
    if (largest < 0) for (let i = 0; i < dimensions; i += 1) axis[i] = -(axis[i] as number);
    return axis;
  });
}

/** `vector` expressed on `axes`: component k is its dot product with axis k. */
export function rotate(vector: Float64Array, axes: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(axes.length);
  for (const [k, axis] of axes.entries()) {
    let dot = 0;
    for (let i = 0; i < axis.length; i += 1) dot += (axis[i] as number) * (vector[i] as number);
    out[k] = dot;
  }
  return out;
}

/** The (uncentred) second-moment matrix: the directions the vectors spread along, mean included. */
function covarianceOf(vectors: Iterable<Float64Array>, d: number): Float64Array {
  const sums = new Float64Array(d * d);
  let count = 0;
  for (const vector of vectors) {
    count += 1;
    for (let i = 0; i < d; i += 1) {
      const x = vector[i] as number;
      if (x === 0) continue;
      const row = i * d;
      for (let j = i; j < d; j += 1) sums[row + j] = (sums[row + j] as number) + x * (vector[j] as number);
    }
  }
  for (let i = 0; i < d; i += 1)
    for (let j = i; j < d; j += 1) {
      const value = (sums[i * d + j] as number) / Math.max(1, count);
      sums[i * d + j] = value;
      sums[j * d + i] = value;
    }
  return sums;
}

/** Eigenvalues and eigenvectors (as the columns of `axes`) of the symmetric matrix `a`, which is overwritten. */
function jacobiEigen(a: Float64Array, d: number): { values: number[]; axes: Float64Array } {
  const v = new Float64Array(d * d);
  for (let i = 0; i < d; i += 1) v[i * d + i] = 1;
  for (let sweep = 0; sweep < SWEEPS; sweep += 1) {
    let off = 0;
    for (let p = 0; p < d; p += 1) for (let q = p + 1; q < d; q += 1) off += (a[p * d + q] as number) ** 2;
    if (off < EPSILON) break;
    for (let p = 0; p < d; p += 1) for (let q = p + 1; q < d; q += 1) rotatePair(a, v, d, p, q);
  }
  return { values: Array.from({ length: d }, (_, i) => a[i * d + i] as number), axes: v };
}

/** One Jacobi rotation zeroing a[p][q], applied to `a` and accumulated into `v`. */
function rotatePair(a: Float64Array, v: Float64Array, d: number, p: number, q: number): void {
  const apq = a[p * d + q] as number;
  if (Math.abs(apq) < 1e-300) return;
  const theta = ((a[q * d + q] as number) - (a[p * d + p] as number)) / (2 * apq);
  const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < d; k += 1) {
    const akp = a[k * d + p] as number;
    const akq = a[k * d + q] as number;
    a[k * d + p] = c * akp - s * akq;
    a[k * d + q] = s * akp + c * akq;
  }
  for (let k = 0; k < d; k += 1) {
    const apk = a[p * d + k] as number;
    const aqk = a[q * d + k] as number;
    a[p * d + k] = c * apk - s * aqk;
    a[q * d + k] = s * apk + c * aqk;
  }
  for (let k = 0; k < d; k += 1) {
    const vkp = v[k * d + p] as number;
    const vkq = v[k * d + q] as number;
    v[k * d + p] = c * vkp - s * vkq;
    v[k * d + q] = s * vkp + c * vkq;
  }
}
