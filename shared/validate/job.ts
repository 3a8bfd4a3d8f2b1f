// Field rules of the job form, shared by the console's page and the demo server.
import type { Schema } from './combine.ts';
import { cronPattern, timeZoneRule } from './cron.ts';
import { integerBetween } from './numbers.ts';
import { nameLength, required } from './text.ts';

export const jobSchema = {
  name: [required(), nameLength()],
  cron: [required(), cronPattern('timezone')],
  timezone: [required(), timeZoneRule()],
  target: [required()],
  days: [integerBetween(1, 3650)],
} as const satisfies Schema;
