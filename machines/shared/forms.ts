/**
 * A form's submit, checked on the client first: when the check fails the form
 * shows its errors and stays; when it passes, the last answer's messages are cleared and the form
 * goes to the state that sends it.
 */
export const checkedSubmit = <const G extends string, const S extends string, const T extends string, const A extends string = never>(
  check: { invalid: G; show: S },
  target: T,
  ...then: A[]
) => [
  { guard: check.invalid, actions: check.show },
  { target, actions: ['clearMessages' as const, ...then] },
];
