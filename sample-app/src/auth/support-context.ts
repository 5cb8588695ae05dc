import type { SupportContextValues } from '../tickets/ticket.tools';
import type { AuthUser } from './demo-users';

/** What the tools get from the signed-in user: never from a header, never from the model. */
export function supportContextOf(user: AuthUser): SupportContextValues {
  return { tenantId: user.tenant, user: user.username };
}
