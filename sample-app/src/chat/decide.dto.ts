import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** A person's decision on a pending tool call. */
export class DecideDto {
  @IsBoolean()
  approved!: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
