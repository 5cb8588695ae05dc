import { SetMetadata } from '@nestjs/common';

export const ROLES_KEY = 'support-desk:roles';

/** The roles allowed to run a route or a tool (any of them). */
export const Roles = (...roles: string[]) => SetMetadata(ROLES_KEY, roles);
