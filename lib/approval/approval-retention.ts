/** How long decided and expired approval ids are remembered after their run expires: one day. */
export const APPROVAL_RETAIN_MS = 24 * 60 * 60 * 1000;
