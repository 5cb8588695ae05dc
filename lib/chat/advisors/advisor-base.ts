/** Where built-in advisors sit by default: lower `order` runs first (outermost), as Spring's `Ordered`. */
export const ADVISOR_ORDER = Object.freeze({
  /** Chat memory: outside the others, so that they see the conversation with its history. */
  chatMemory: -1000,
  default: 0,
});

/** Something around a ChatClient request (Spring AI's `Advisor`). */
export interface Advisor {
  /** For logs and errors. */
  readonly name: string;
  /** Lower runs first, around the higher ones; default 0. Equal orders keep the order they were given in. */
  readonly order?: number;
}
