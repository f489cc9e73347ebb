import { describe, expect, it } from 'vitest';
import { OFFER_DATES_ORDER_MESSAGE, OFFER_DAY_MESSAGE, offerDaysFormSchema } from './carousels.ts';

/** The messages of a failed parse, by field. */
function problems(input: { startsOn: string; endsOn: string }): Record<string, string> {
  const result = offerDaysFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the offer-days form', () => {
  it('turns empty inputs into no limit and keeps real days', () => {
    expect(offerDaysFormSchema.parse({ startsOn: '', endsOn: '' })).toEqual({ startsOn: null, endsOn: null });
    expect(offerDaysFormSchema.parse({ startsOn: '2025-07-01', endsOn: '' })).toEqual({ startsOn: '2025-07-01', endsOn: null });
    expect(offerDaysFormSchema.parse({ startsOn: '2025-07-01', endsOn: '2025-07-01' })).toEqual({
      startsOn: '2025-07-01',
      endsOn: '2025-07-01',
    });
  });

  it('refuses a day that does not exist and a last day before the first', () => {
    expect(problems({ startsOn: '2025-02-30', endsOn: '' })).toEqual({ startsOn: OFFER_DAY_MESSAGE });
    expect(problems({ startsOn: '', endsOn: '2025-7-1' })).toEqual({ endsOn: OFFER_DAY_MESSAGE });
    expect(problems({ startsOn: '2025-07-31', endsOn: '2025-07-01' })).toEqual({ endsOn: OFFER_DATES_ORDER_MESSAGE });
  });
});
