/** The chance that a normal variable lands beyond 4 sigma, either side. */
export const fourSigmaTail = 6.334e-5;

const logFactorials = [0];
function logFactorial(count: number): number {
  for (let index = logFactorials.length; index <= count; index++)
    logFactorials.push(logFactorials[index - 1]! + Math.log(index));
  return logFactorials[count]!;
}

/**
 * "Within 4 sigma", exact for rare events too: the binomial chance of a
 * count at least this far out on its side, doubled. A sampled count agrees
 * with an exact figure when this is at least `fourSigmaTail`.
 */
export function binomialTwoSidedTail(samples: number, p: number, count: number): number {
  const probability = Math.min(1, Math.max(0, p));
  if (probability === 0) return count === 0 ? 1 : 0;
  if (probability === 1) return count === samples ? 1 : 0;
  const logPmf = (k: number) =>
    logFactorial(samples) -
    logFactorial(k) -
    logFactorial(samples - k) +
    k * Math.log(probability) +
    (samples - k) * Math.log(1 - probability);
  let tail = 0;
  if (count >= samples * probability)
    for (let k = count; k <= samples; k++) tail += Math.exp(logPmf(k));
  else for (let k = 0; k <= count; k++) tail += Math.exp(logPmf(k));
  return Math.min(1, 2 * tail);
}
