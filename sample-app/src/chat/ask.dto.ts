import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class AskDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  question!: string;

  /** The conversation to continue; a new one is started (and its id returned) when absent. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[\w-]+$/, { message: 'conversationId may contain letters, digits, _ and - only' })
  conversationId?: string;
}
