/** Why a value breaks a tax rule: a stable code for programs, a plain message for the bookkeeper. */
export interface Problem {
  code: string;
  message: string;
  /** For a computed value: what the rules arrive at, written as the caller would send it. */
  expected?: string;
}
