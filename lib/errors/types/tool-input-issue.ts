/** One problem found in the arguments a model sent to a tool. */
export interface ToolInputIssue {
  /** The field, as a dotted path (`address.city`, `items[2]`); empty for the input as a whole. */
  readonly path: string;
  /** What is wrong, in words a model can act on. */
  readonly message: string;
}
