import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setLocale } from '../i18n/locale';
import { nextDrawAt } from './next-draw';
import { formatCountdown, formatDrawTime, scheduleText, zoneName } from './schedule';

const daily = { drawTime: '21:32', drawDays: [], timezone: 'Asia/Macau', schedule: '' };
const weekly = { drawTime: '21:30', drawDays: [2, 4, 6], timezone: 'Asia/Hong_Kong', schedule: '' };

describe('draw schedule', () => {
  it('finds the next daily draw in the game zone', () => {
    // 2026-03-21 12:00 UTC is 20:00 in Macau: today's draw is still ahead.
    expect(nextDrawAt(daily, new Date('2026-03-21T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-21T13:32:00.000Z',
    );
    // 14:00 UTC is 22:00 in Macau: tomorrow's.
    expect(nextDrawAt(daily, new Date('2026-03-21T14:00:00Z'))?.toISOString()).toBe(
      '2026-03-22T13:32:00.000Z',
    );
  });

  it('skips to the next draw day of a weekly game', () => {
    // Sunday 2026-03-22 in Hong Kong: next is Tuesday 24th.
    expect(nextDrawAt(weekly, new Date('2026-03-22T05:00:00Z'))?.toISOString()).toBe(
      '2026-03-24T13:30:00.000Z',
    );
  });

  it('rounds an interval game up to its next slot', () => {
    const every5 = { ...daily, intervalMinutes: 5 };
    expect(nextDrawAt(every5, new Date('2026-03-21T12:03:10Z'))?.toISOString()).toBe(
      '2026-03-21T12:05:00.000Z',
    );
  });

  it('words schedules', () => {
    expect(scheduleText(daily)).toBe('每天 21:32');
    expect(scheduleText(weekly)).toBe('每周二、四、六 21:30');
    expect(scheduleText({ ...daily, intervalMinutes: 5 })).toBe('每5分钟');
    expect(scheduleText({ ...daily, schedule: '每晚 21:32' })).toBe('每晚 21:32');
  });

  it('formats times and countdowns', () => {
    expect(formatDrawTime(new Date('2026-03-21T13:32:00Z'), 'Asia/Macau')).toBe(
      '3月21日 周六 21:32',
    );
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(-5)).toBe('00:00');
  });

  it('formats the UTC+8 zones without Intl exactly as Intl does, at any moment', () => {
    const zones = ['Asia/Macau', 'Asia/Hong_Kong', 'Asia/Shanghai', 'Asia/Taipei'];
    const viaIntl = (date: Date, timeZone: string, locale: string) => {
      const parts = new Intl.DateTimeFormat(locale, {
        timeZone,
        month: 'numeric',
        day: 'numeric',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(date);
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('month')}月${get('day')}日 ${get('weekday')} ${get('hour')}:${get('minute')}`;
    };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1992-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        fc.constantFrom('zh-CN', 'zh-TW'),
        (date, zone, locale) => formatDrawTime(date, zone, locale) === viaIntl(date, zone, locale),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('schedule words in the chosen language', () => {
  it('names zones, schedules and weekdays in Traditional Chinese under zh-Hant', () => {
    expect(zoneName('Asia/Shanghai')).toBe('北京时间');
    setLocale('zh-Hant');
    try {
      expect(zoneName('Asia/Macau')).toBe('澳門時間');
      expect(zoneName('Europe/London')).toBe('Europe/London');
      expect(scheduleText(weekly)).toBe('每週二、四、六 21:30');
      expect(scheduleText({ ...daily, intervalMinutes: 5 })).toBe('每5分鐘');
      expect(scheduleText({ ...daily, schedule: '每晚 21:32' })).toBe('每晚 21:32');
      expect(formatDrawTime(new Date('2026-03-21T13:32:00Z'), 'Asia/Macau')).toBe(
        '3月21日 週六 21:32',
      );
      expect(zoneName('Asia/Macau', 'zh-Hans')).toBe('澳门时间');
    } finally {
      setLocale('zh-Hans');
    }
  });
});
