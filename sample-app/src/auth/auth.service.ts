import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DemoUsers, type AuthUser } from './demo-users';

interface TokenPayload {
  sub: string;
  tenant: string;
  roles: string[];
}

/** Signs in with a user name and password (the Nest docs' authentication recipe) and reads tokens back. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: DemoUsers,
    private readonly jwt: JwtService,
  ) {}

  async signIn(username: string, password: string): Promise<{ access_token: string }> {
    const user = this.users.verify(username, password);
    if (!user) throw new UnauthorizedException('wrong user name or password');
    const payload: TokenPayload = { sub: user.username, tenant: user.tenant, roles: [...user.roles] };
    return { access_token: await this.jwt.signAsync(payload) };
  }

  /** The user of a valid token; throws `UnauthorizedException` for any other. */
  async verify(token: string): Promise<AuthUser> {
    try {
      const payload = await this.jwt.verifyAsync<TokenPayload>(token);
      return { username: payload.sub, tenant: payload.tenant, roles: payload.roles };
    } catch {
      throw new UnauthorizedException('invalid or expired token');
    }
  }
}
