/** The part of jStat (plain JavaScript, no types of its own) the canary judge uses. */
declare module 'jstat' {
  const jstat: {
    jStat: {
      chisquare: {
        /** P(X ≤ x) for a chi-square distribution with `dof` degrees of freedom. */
        cdf(x: number, dof: number): number
      }
    }
  }
  export default jstat
}
