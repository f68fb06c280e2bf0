import type { SharedRedis } from '#server/shared-state/redis-connection';
import { addDays, businessDayStart } from '#shared/calendar';

/**
 * The day's salt and members in Redis, when several instances count
 * (docs/decisions/0043-audience-counting.md): the first instance to ask sets the salt
 * (SET NX), every other reads it; one script adds the members to the day's set and answers
 * which were new, so a visitor seen by two instances is counted by one. Both keys expire a
 * few minutes after their day ends, the time for the last batch of the day to be judged.
 */

/** After a day's end: the last minute's batch still finds the day's set. */
const AFTER_DAY_MS = 10 * 60_000;

const JUDGE = `
local answers = {}
for i = 2, #ARGV do answers[i - 1] = redis.call('SADD', KEYS[1], ARGV[i]) end
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return answers`;

export interface RedisDay {
  /** The salt of `date`, this instance's proposal if none was set. */
  salt(date: string, proposal: string): Promise<string>;
  /** For each member, whether it is new today. */
  judge(date: string, members: string[]): Promise<boolean[]>;
}

export function redisDay(redis: SharedRedis): RedisDay {
  const key = (kind: string, date: string) => `${redis.keyPrefix}stats:${kind}:${date}`;
  const expiry = (date: string) => businessDayStart(addDays(date, 1)).getTime() + AFTER_DAY_MS;
  return {
    async salt(date, proposal) {
      const name = key('salt', date);
      await redis.commands.set(name, proposal, 'PXAT', expiry(date), 'NX');
      return (await redis.commands.get(name)) ?? proposal;
    },
    async judge(date, members) {
      if (members.length === 0) return [];
      const answers = (await redis.commands.eval(
        JUDGE,
        1,
        key('seen', date),
        String(expiry(date)),
        ...members,
      )) as number[];
      return answers.map((added) => added === 1);
    },
  };
}
