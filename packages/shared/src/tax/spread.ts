/*
 * A purchase's shipping charge and its tax belong to the purchase, but SPEC pays, cancels and
 * refunds line by line: each line carries its share (docs/decisions/038), so the lines always add
 * up to the purchase and a line paid or cancelled alone takes exactly its part.
 */

/**
 * `total` integer cents shared out in proportion to `weights` (largest remainder, ties to the
 * earlier line): the shares are whole cents and add up to `total` exactly. Lines of no weight
 * share equally when every weight is 0.
 */
export function spreadCents(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total: ${total}`);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('A charge needs at least one line to carry it.');
    return [];
  }
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  const basis = sum === 0 ? weights.map(() => 1) : weights;
  const whole = BigInt(sum === 0 ? weights.length : sum);
  const big = BigInt(total);
  const shares = basis.map((weight) => (big * BigInt(weight)) / whole);
  const remainders = basis.map((weight, index) => ({
    index,
    rest: (big * BigInt(weight)) % whole,
  }));
  let left = total - shares.reduce((acc, share) => acc + Number(share), 0);
  remainders.sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}
