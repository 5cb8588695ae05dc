import { Injectable } from '@nestjs/common';
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** Who is signed in: what the JWT carries and what tools and guards read. */
export interface AuthUser {
  readonly username: string;
  readonly tenant: string;
  readonly roles: readonly string[];
}

/**
 * DEMO CREDENTIALS — the password of each is `demo`. A real app keeps users in a database (or asks an identity
 * provider); only the salted hash is kept here, as a real app would.
 */
const DEMO_USERS: readonly AuthUser[] = [
  { username: 'alice', tenant: 'acme', roles: ['admin'] },
  { username: 'bob', tenant: 'acme', roles: ['agent'] },
  { username: 'carol', tenant: 'globex', roles: ['admin'] },
];
const DEMO_PASSWORD = 'demo';

interface StoredUser extends AuthUser {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

@Injectable()
export class DemoUsers {
  private readonly users = new Map<string, StoredUser>(
    DEMO_USERS.map((user) => {
      const salt = randomBytes(16);
      return [user.username, { ...user, salt, hash: scryptSync(DEMO_PASSWORD, salt, 32) }];
    }),
  );

  /** The user with these credentials, or `undefined` (the same time whether the name or the password is wrong). */
  verify(username: string, password: string): AuthUser | undefined {
    const user = this.users.get(username);
    const salt = user?.salt ?? DUMMY_SALT;
    const hash = scryptSync(password, salt, 32);
    if (!user || !timingSafeEqual(hash, user.hash)) return undefined;
    return { username: user.username, tenant: user.tenant, roles: user.roles };
  }

  /** The names of the demo users, for the chat page's one-click sign-in. */
  names(): string[] {
    return [...this.users.keys()];
  }
}

const DUMMY_SALT = randomBytes(16);
