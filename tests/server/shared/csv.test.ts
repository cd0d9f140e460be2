import { describe, expect, it } from 'vitest';
import { csvAttachment, csvCell, csvRow } from '#server/domain/shared/csv';

describe('CSV cells', () => {
  it('writes plain values as they are and empty for null', () => {
    expect(csvRow([1, 'a@example.com', null, undefined, true])).toBe('1,a@example.com,,,true\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Pizza, pasta')).toBe('"Pizza, pasta"');
    expect(csvCell('the "best"')).toBe('"the ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a spreadsheet from running typed text as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2');
  });

  it('joins lists and writes dates as ISO 8601', () => {
    expect(csvCell(['Toast', 'Clover'])).toBe('Toast; Clover');
    expect(csvCell(new Date('2026-11-25T09:00:00Z'))).toBe('2026-11-25T09:00:00.000Z');
  });

  it('names the file after the day, in UTC', () => {
    expect(csvAttachment('leads', new Date('2026-11-25T23:30:00-05:00'))).toBe('attachment; filename="leads-2026-11-26.csv"');
  });
});
