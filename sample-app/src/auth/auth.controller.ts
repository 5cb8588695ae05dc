import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CurrentUser } from './current-user.decorator';
import { DemoUsers, type AuthUser } from './demo-users';
import { LoginDto } from './login.dto';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: DemoUsers,
  ) {}

  /** `{ username, password }` → `{ access_token }`; 401 for wrong credentials. */
  @Post('login')
  @HttpCode(200)
  login(@Body() { username, password }: LoginDto): Promise<{ access_token: string }> {
    return this.auth.signIn(username, password);
  }

  /** Who the token belongs to. */
  @Get('me')
  @UseGuards(AuthGuard)
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }

  /** The demo users' names (their password is `demo`), for the chat page's sign-in buttons. */
  @Get('demo-users')
  demoUsers(): { users: string[]; password: string } {
    return { users: this.users.names(), password: 'demo' };
  }
}
